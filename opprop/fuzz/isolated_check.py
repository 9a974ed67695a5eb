"""``opprop check`` with crash isolation: the op runs in a worker process, so a signal or a hang kills the worker, not the command.

The worker is the fuzz pool's (``opprop.fuzz.pool.Worker``: forked where
that is safe, a fresh interpreter otherwise) running the ``check`` command
(``opprop.fuzz.check_worker``). A worker that dies, or whose example runs past
``example_timeout``, is lost on the example its ``current`` file names: that
example becomes a crash (or hang) finding, as in ``opprop fuzz``
(``pool.lost_finding``), and a new worker goes on with the next sample or
drawn example. After ``MAX_LOST`` lost workers the check stops early.
"""
from __future__ import annotations

import dataclasses
import os
import selectors
import time

from opprop.check.findings import Finding, InternalError
from opprop.core.outcomes import OutcomeKind
from opprop.fuzz.check_worker import EXAMPLE, SAMPLE
from opprop.check import runner
from opprop.generators import schedule
from opprop.fuzz import blocking
from opprop.fuzz.messages import CheckDone, CheckTarget, Found, Ran, Ready, Stop
from opprop.fuzz.pool import READY_TIMEOUT, Worker, lost_finding

MAX_LOST = 20  # crashes and hangs before the check gives up on the op


@dataclasses.dataclass
class CheckRun:
    sample_stats: runner.OpStats
    drawn_stats: runner.OpStats
    findings: dict = dataclasses.field(default_factory=dict)  # finding key -> the first Finding seen (crashes and hangs too)
    lost: list = dataclasses.field(default_factory=list)  # the crash and hang findings, in order
    status: str = "ran"
    note: str = ""  # why the check stopped early, or ""
    modes: dict = dataclasses.field(default_factory=dict)  # "choice=value" of drawn calls' edge modes -> [examples, valid]

    def unique_findings(self) -> list[Finding]:
        return sorted(self.findings.values(), key=lambda f: (f.aten_op, f.invariant))


class WorkerLost(Exception):
    def __init__(self, how: str):
        super().__init__(how)
        self.how = how  # OutcomeKind.CRASH | HANG


def run(target, *, device: str, seed: int, snapshot_data: str, examples: int, imports, run_dir: str, fork: bool,
        example_timeout: float, on_finding=None) -> CheckRun:
    """The check's samples and ``examples`` draws, each in a worker; ``on_finding(finding)`` as each is first seen."""
    result = CheckRun(runner.OpStats(target.name), runner.OpStats(target.name + " (drawn)"))
    argv = ["--journal", os.path.join(run_dir, "journal.jsonl"), "--device", device, "--seed", str(seed), "--snapshot-data", snapshot_data]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    argv += ["--threads", str(cores)]  # the one worker has the cores (the parent keeps one thread: it forks)
    for m in imports:
        argv += ["--import", m]
    skip = {SAMPLE: 0, EXAMPLE: 0}
    limit = blocking.deadline(target.aten_op, example_timeout)  # a collective's is shorter
    blocked = 0
    for wid in range(MAX_LOST + 1):
        w = Worker(wid, run_dir, argv, fork=fork)
        try:
            done = _drive(w, CheckTarget(target=target.name, examples=examples, skip=skip), result, limit, on_finding)
            result.status = done.status
            w.send(Stop())
            return result
        except WorkerLost as lost:
            w.kill()
            cur = w.current()
            if cur.get("phase") not in (SAMPLE, EXAMPLE):
                result.status, result.note = OutcomeKind.CRASH, f"the worker died outside any example ({cur.get('phase')}); see {w.log_path}"
                return result
            skip = {SAMPLE: cur["example"], EXAMPLE: 0} if cur["phase"] == SAMPLE else {SAMPLE: -1, EXAMPLE: cur["example"]}
            stats = result.sample_stats if cur["phase"] == SAMPLE else result.drawn_stats
            if lost.how == OutcomeKind.HANG and blocking.waits_for_peer(target.aten_op):  # an invalid call, never a hang finding
                stats.add(runner.CallResult([], blocking.reason(limit), {}), limit)
                blocked += 1
                if blocked >= blocking.MAX_BLOCKED:
                    result.note = f"stopped after {blocked} examples blocked waiting for a peer"
                    return result
                continue
            raw, replay = lost_finding(target.name, target.aten_op, cur, lost.how, w.proc.returncode, example_timeout)
            finding = Finding.from_json({**raw, "replay": replay})
            result.lost.append(finding)
            stats.examples += 1
            _record(result, finding, on_finding)
        finally:
            w.kill()
    result.status, result.note = OutcomeKind.CRASH, f"stopped after {MAX_LOST + 1} crashes and hangs"
    return result


def _drive(w: Worker, cmd: CheckTarget, result: CheckRun, example_timeout: float, on_finding) -> CheckDone:
    """Send the command and read the worker's messages until ``CheckDone``; WorkerLost when it dies or hangs."""
    selector = selectors.DefaultSelector()
    selector.register(w.proc.stdout, selectors.EVENT_READ)
    try:
        while True:
            if selector.select(timeout=0.2):
                msgs = w.read_messages()
                if msgs is None:
                    raise WorkerLost(OutcomeKind.CRASH)
                for m in msgs:
                    if isinstance(m, Ready):
                        w.ready = True
                        w.send(cmd)
                    elif isinstance(m, Ran):
                        stats = result.sample_stats if m.phase == SAMPLE else result.drawn_stats
                        internal = [InternalError(**e) for e in m.internal_errors]
                        stats.add(runner.CallResult([], m.error, {k: 1 for k in m.reached}, internal), m.seconds)
                        schedule.tally(result.modes, m.modes, m.error is None)
                    elif isinstance(m, Found):
                        _record(result, Finding.from_json(m.finding), on_finding)
                    elif isinstance(m, CheckDone):
                        return m
            if w.proc.poll() is not None:
                raise WorkerLost(OutcomeKind.CRASH)
            if not w.ready and time.monotonic() - w.started > READY_TIMEOUT:
                raise WorkerLost(OutcomeKind.CRASH)
            cur = w.current()
            if w.ready and cur.get("phase") in (SAMPLE, EXAMPLE) and time.time() - cur.get("time", time.time()) > example_timeout:
                raise WorkerLost(OutcomeKind.HANG)
    finally:
        selector.close()


def _record(result: CheckRun, f: Finding, on_finding) -> None:
    key = (f.aten_op, f.invariant, f.output_index)
    if key not in result.findings:
        result.findings[key] = f
        if on_finding is not None:
            on_finding(f)
