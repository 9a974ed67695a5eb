"""A long-lived worker process: runs the targets the parent sends.

Forked from the parent (``opprop.fuzz.forked``), it has torch and op_db
already; started as a fresh interpreter (``--worker-start spawn``), it
imports them once, op_db only when a target needs it.

Protocol (``opprop.fuzz.messages``): one JSON command per line on stdin (``run``: a fuzz target's share;
``check``: ``opprop check``'s samples and draws, ``opprop.fuzz.check_worker``), one JSON message per line on
the protocol fd (the original stdout; the op's own prints go to stderr).
Findings go to the journal from here, before the parent hears of them.
Before each example the worker rewrites its ``current`` file, which is what
the parent reads when this process dies or stops answering.
"""
from __future__ import annotations

import argparse
import ctypes
import dataclasses
import functools
import importlib
import json
import os
import resource
import signal
import sys
import time
import warnings

import torch

from opprop.check import catalog
from opprop.check import hot_path
from opprop.check import probe
from opprop.check import snapshots
from opprop.explore.session import Exploration
from opprop.explore.target import resolve
from opprop.explore.database import open_database
from opprop.fuzz.journal import Journal
from opprop.fuzz.messages import COMMANDS, CheckTarget, ExamplesSoFar, Found, OpDone, Ready, Record, Stop, parse
from opprop.fuzz.targets import ledgered_targets

RECHECK_SAMPLES = 64  # fixed samples a ledgered target reruns before drawing
MEMORY_HEADROOM = 4 << 30  # address space a worker may add past its set-up (_cap_memory)
# An overload's crossing calls per share (generators.crossing), in at most this part of its share: a few ms each, where
# a Hypothesis example of its schema costs tens; the rest of the share draws.
CROSSING_CALLS = 40
CROSSING_SHARE = 0.5

ROUND_SEEDS = 1000  # a later round draws with seed + this times its number, past any crash-resumed share's seeds
SCAN_SEED = 500  # the scan's crossing calls are under seed + this: other calls than a share's own crossing (seed + round's)

def _die_with_parent(parent: int | None) -> None:
    try:
        libc = ctypes.CDLL(None)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: never outlive a killed parent
    except (OSError, AttributeError):
        pass
    if parent is not None and os.getppid() != parent:  # it died before the prctl took hold
        os._exit(1)


def _cap_memory() -> None:
    """Let the worker add at most ``MEMORY_HEADROOM`` of address space past its set-up: a drawn size such as
    [65537, 65537] is then an allocation error (a refused call), not gigabytes touched until the kernel's OOM killer
    ends the worker as a false crash, or the machine swaps."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        used = int(open("/proc/self/statm").read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        limit = used + MEMORY_HEADROOM
        if soft == resource.RLIM_INFINITY or limit < soft:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (OSError, ValueError):  # no /proc (not Linux), or a hard limit already below it
        pass


class Current:
    """The example being run, written out before the op is called."""

    def __init__(self, path: str):
        self._fh = open(path, "w")

    def write(self, record: dict) -> None:
        self._fh.seek(0)
        self._fh.write(json.dumps(record, default=str))
        self._fh.truncate()
        self._fh.flush()


def _import_op_db_if_needed(target: str) -> None:
    """In a target's setup: op_db's seconds inside a timed example would read as a hang."""
    if catalog.needs_op_db(target):
        catalog.op_db()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="opprop-fuzz-worker")
    p.add_argument("--worker", type=int, required=True)
    p.add_argument("--parent", type=int)
    p.add_argument("--journal", required=True)
    p.add_argument("--current", required=True)
    p.add_argument("--database")
    p.add_argument("--device", default="cpu")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--snapshot-data", default=snapshots.DEFAULT_SNAPSHOT, choices=snapshots.SNAPSHOT_POLICIES)
    p.add_argument("--import", dest="imports", action="append", default=[])
    p.add_argument("--threads", type=int, default=0, help="torch intra-op threads (default: torch's own choice)")
    args = p.parse_args(argv)
    _die_with_parent(args.parent)
    warnings.simplefilter("ignore")
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # stray prints from ops must not corrupt the protocol

    def send(msg: Record) -> None:
        proto.write(json.dumps(msg.as_json(), default=str) + "\n")
        proto.flush()

    for m in args.imports:
        importlib.import_module(m)
    probe.validate()
    hot_path.load()  # the compiled hot path from the cache (the parent built it): before "ready", not in an example's time
    if args.threads:
        torch.set_num_threads(args.threads)
    catalog.opinfo_aten_names()  # kept per build: op_db is imported only for a target that needs it (below)
    database = open_database(args.database)
    _cap_memory()
    journal = Journal(args.journal)
    current = Current(args.current)
    send(Ready(worker=args.worker, pid=os.getpid()))
    for line in sys.stdin:
        cmd = parse(json.loads(line), COMMANDS)
        if isinstance(cmd, Stop):
            break
        if isinstance(cmd, CheckTarget):  # opprop check, isolated (opprop.fuzz.isolated_check)
            from opprop.fuzz.check_worker import run_check

            _import_op_db_if_needed(cmd.target)

            send(run_check(cmd, device=args.device, seed=args.seed, snapshot_data=args.snapshot_data, current=current, send=send))
            continue
        target = cmd.target
        count = [0]
        current.write({"target": target, "phase": "setup", "example": 0, "time": time.time()})
        if not cmd.scan:  # crossing calls read the schema alone
            _import_op_db_if_needed(target)

        def on_example(description, choices, valid, target=target):
            count[0] += 1
            current.write({"target": target, "phase": "example", "example": count[0], "valid": valid, "call": description, "choices": choices.hex(),
                           "time": time.time()})

        def on_finding(f, n, target=target):
            record = Found(target=target, worker=args.worker, example=n, finding=f.as_json())
            journal.append(record)
            send(record)

        def on_progress(n, target=target):
            send(ExamplesSoFar(target=target, examples=n))

        # crashes this target's share went on after, or a later round's share: draws of their own, past what ran
        resumed = cmd.resumed + ROUND_SEEDS * cmd.round
        try:
            if cmd.scan:
                result = scan_target(target, device=args.device, seconds=cmd.seconds, calls=cmd.examples, first=cmd.first, seed=args.seed + SCAN_SEED,
                                     on_example=on_example, on_finding=on_finding, on_progress=on_progress, cap=cmd.cap, snapshot_data=args.snapshot_data)
            else:
                result = fuzz_target(target, device=args.device, seconds=cmd.seconds, max_examples=cmd.examples, seed=args.seed + resumed,
                                     database=None if resumed else database, on_example=on_example, on_finding=on_finding, on_progress=on_progress,
                                     cap=cmd.cap, snapshot_data=args.snapshot_data, resumed=bool(resumed),
                                     cross=not cmd.resumed and not (cmd.scanned and cmd.round == 0))
        except Exception as e:  # a target that cannot even be set up: reported, not fatal
            result = OpDone(target=target, status="error", error=f"{type(e).__name__}: {str(e).strip()[:200]}")
        result = dataclasses.replace(result, worker=args.worker, budget=cmd.seconds)
        journal.append(result)
        send(result)
        current.write({"target": None, "phase": "idle", "time": time.time()})
    return 0


def fuzz_target(target_name: str, *, device: str, seconds: float, max_examples: int, seed: int, database, on_example, on_finding,
                on_progress=None, cap: float | None = None, snapshot_data: str = snapshots.DEFAULT_SNAPSHOT, resumed: bool = False,
                cross: bool = True) -> OpDone:
    """One target's share of the run: a learning exploration session with the example database, failing
    (so Hypothesis shrinks and saves) at every finding; returns its ``OpDone``.

    Every example is announced (``on_example``: its choices, written to the
    worker's current file) before the op runs; when the worker dies or hangs
    on it, the parent saves those choices to the example database, so the
    next run replays it first. A ledgered target reruns its fixed samples
    first, so a short share still tells "still present" from "looks fixed". An overload target then runs
    its crossing calls (``generators.crossing``), then draws.
    ``resumed``: the rest of a share a crash cut short (``pool``): free draws only, as its fixed samples and
    schedule rows ran already, without the example database, whose saved crash would only replay.
    """
    session = Exploration(resolve(target_name), device=device, seed=seed, database=database, learn=True, snapshot_data=snapshot_data,
                          fails=list, seconds=seconds, cap=cap, resumed=resumed,
                          on_example=on_example, on_finding=on_finding, on_progress=on_progress)
    if _is_ledgered(target_name) and not resumed:
        session.run_samples(min(RECHECK_SAMPLES, max_examples))
    # every kind crossed into every argument, cheaply, before Hypothesis draws (a later round's share draws other
    # calls: its seed is another), in at most half the examples left; not before a failure the example database saved
    # for the target, which replays first, nor after a crash (cross False): the rest of that share draws, so a crash
    # the crossing found is met again by a draw whose choices the database keeps
    if cross and not session.saved_failure():
        session.run_crossing(min(CROSSING_CALLS, (max_examples - session.examples) // 2), CROSSING_SHARE)
    if session.examples < max_examples:  # the ledger recheck may have used up the op's examples
        session.draw(max_examples - session.examples)
    return OpDone(target=target_name, status=session.status, first_seen=session.first_seen, hypothesis_error=session.hypothesis_error or None,
                  validity=session.validity(),  # the parent saves it, so the next run starts from it
                  shrunk=[f.as_json() for f in session.shrunk()], stats=session.stats.as_json(), modes=session.modes or None,
                  seconds=round(time.monotonic() - session.start, 3))


def scan_target(target_name: str, *, device: str, seconds: float, calls: int, first: int, seed: int, on_example, on_finding, on_progress=None,
                cap: float | None = None, snapshot_data: str = snapshots.DEFAULT_SNAPSHOT) -> OpDone:
    """One overload's share of the scan (``fuzz.energy.SCAN_ROUND``): its crossing calls from ``first`` on, as many as
    ``seconds`` allows (at most ``calls``), and no Hypothesis draw: what a crash or a finding leaves is the call's index."""
    session = Exploration(resolve(target_name), device=device, seed=seed, database=None, snapshot_data=snapshot_data, fails=list,
                          seconds=seconds, cap=cap, on_example=on_example, on_finding=on_finding, on_progress=on_progress)
    session.run_crossing(calls, 1.0, first)
    return OpDone(target=target_name, status=session.status, first_seen=session.first_seen, stats=session.stats.as_json(),
                  seconds=round(time.monotonic() - session.start, 3), stage="scan")


@functools.lru_cache(maxsize=None)
def _is_ledgered(target_name: str) -> bool:
    return target_name in ledgered_targets([target_name])


if __name__ == "__main__":
    sys.exit(main())
