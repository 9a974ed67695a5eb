"""Coverage of ATen on CPU: how many eligible overloads reach N valid schema-driven examples within a budget.

Eligible: a CPU or CompositeExplicitAutograd kernel, not
CompositeImplicitAutograd (``aten_listing.eligible``). Workers are separate
processes, so an op that crashes or hangs costs one worker, not the run: the
parent notes the op that was running (``crash`` / ``timeout``) and starts a
fresh worker. Per op, draws come in rounds; each round's strategy is rebuilt
from what earlier rounds taught (``opprop.validity``), so it steers away from
rejected choices. Crashes are pinned on the op that was running; heap
corruption left by an earlier op in the same worker can make that wrong.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import queue
import time
import warnings

ROUND = 10  # examples per round; the strategy is rebuilt between rounds


def explore_op(name: str, *, examples: int, max_tries: int, seed: int = 0) -> dict:
    """Draw rounds of schema-driven calls for one overload until ``examples`` are valid or ``max_tries`` drawn."""
    from hypothesis import HealthCheck, given, seed as hseed, settings

    from . import catalog, runner, validity
    from .generators.schema import schema_call_strategy

    op = catalog.overload_from_name(name)
    learner = validity.store().for_op(name)
    stats = runner.OpStats(name)
    findings = {}
    for rnd in range(max(1, max_tries // ROUND)):
        strategy = schema_call_strategy(op, "cpu", learner=learner)

        @hseed(seed + rnd)
        @settings(max_examples=ROUND, database=None, deadline=None, suppress_health_check=list(HealthCheck))
        @given(strategy)
        def explore(call):
            start = time.perf_counter()
            result = runner.run_call(call)
            stats.add(result, time.perf_counter() - start)
            for f in result.findings:
                findings.setdefault((f.aten_op, f.invariant), f.one_line())

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            explore()
        if stats.valid >= examples:
            break
    row = stats.as_json()
    row["findings"] = sorted(findings.values())
    row["validity"] = learner.as_json()
    return row


def _worker(todo, done, examples, max_tries):
    pid = os.getpid()
    while True:
        try:
            name = todo.get_nowait()
        except queue.Empty:
            return
        done.put(("start", pid, name, None))
        try:
            row = explore_op(name, examples=examples, max_tries=max_tries)
        except Exception as e:  # the draw itself broke: report it for this op, keep going
            row = {"name": name, "examples": 0, "valid": 0, "error": f"{type(e).__name__}: {str(e)[:160]}"}
        done.put(("done", pid, name, row))


def measure(names, *, jobs: int = 2, examples: int = 5, max_tries: int = 40, budget: float = 600.0, op_timeout: float = 30.0, progress=None) -> dict:
    """Run every overload in ``names`` across ``jobs`` worker processes within ``budget`` seconds."""
    # spawn, not fork: a fork of a process whose intra-op thread pool already ran can deadlock in the child
    ctx = mp.get_context("spawn")
    todo, done = ctx.Queue(), ctx.Queue()
    for n in names:
        todo.put(n)
    start = time.monotonic()
    rows: dict[str, dict] = {}
    workers: dict[int, list] = {}  # pid -> [process, op running or None, when it started]

    def spawn():
        p = ctx.Process(target=_worker, args=(todo, done, examples, max_tries), daemon=True)
        p.start()
        workers[p.pid] = [p, None, time.monotonic()]

    for _ in range(jobs):
        spawn()

    def drain(timeout):
        try:
            kind, pid, name, row = done.get(timeout=timeout)
        except queue.Empty:
            return False
        if pid in workers:
            workers[pid][1:] = [name if kind == "start" else None, time.monotonic()]
        if kind == "done":
            rows[name] = row
            if progress:
                progress(row)
        return True

    while workers and time.monotonic() - start < budget:
        drain(0.5)
        for pid, (p, name, since) in list(workers.items()):
            if not p.is_alive():
                while drain(0.05):
                    pass  # read what it sent before it died
                name = workers[pid][1]
                p.join()
                del workers[pid]
                if name is not None and name not in rows:
                    rows[name] = {"name": name, "examples": 0, "valid": 0, "error": f"crash (worker exit code {p.exitcode})"}
                if not todo.empty() or name is not None:
                    spawn()
            elif name is not None and time.monotonic() - since > op_timeout:
                p.kill()
                p.join()
                del workers[pid]
                rows[name] = {"name": name, "examples": 0, "valid": 0, "error": f"timeout (> {op_timeout:.0f} s)"}
                spawn()
    for p, _, _ in list(workers.values()):
        p.kill()
        p.join()
    elapsed = time.monotonic() - start
    for n in names:
        rows.setdefault(n, {"name": n, "examples": 0, "valid": 0, "error": "not run (budget spent)"})
    return {"seconds": round(elapsed, 1), "rows": [rows[n] for n in names]}


def summarize(result: dict, examples: int) -> dict:
    rows = result["rows"]
    reached = [r for r in rows if r.get("valid", 0) >= examples]
    tried = sum(r.get("examples", 0) for r in reached)
    valid = sum(r.get("valid", 0) for r in reached)
    return {
        "eligible": len(rows),
        "reached": len(reached),
        "reached_fraction": round(len(reached) / len(rows), 4) if rows else 0.0,
        "valid_rate_reached": round(valid / tried, 4) if tried else 0.0,
        "seconds": result["seconds"],
        "findings": sorted({f for r in rows for f in r.get("findings", [])}),
    }
