"""The parent's side of a fuzz run: a pool of worker processes, the time budget, crash and hang isolation.

The parent never runs an op. It hands targets to long-lived workers, gives
each op a share of the time left, and watches: a worker that dies has
crashed on the example in its ``current`` file, one whose example has run
past the timeout is killed as hung; either way the example is journaled as a
finding and a fresh worker takes the worker's place. A crash does not end
the target's share: the target goes on in the fresh worker with the rest of
it (up to ``MAX_RESUMED`` crashes), drawing past the input that crashed, so a
second fault of the same op is found too; its one ``op_done`` record, written
at the end, adds up every part and says ``crash``.
"""
from __future__ import annotations

import collections
import dataclasses
import json
import os
import selectors
import signal
import subprocess
import sys
import time

from opprop.core.outcomes import OutcomeKind
from opprop.explore.database import database_key
from opprop.fuzz import blocking
from opprop.fuzz.energy import FIRST_ROUND, MIN_SHARE_S, ROUNDS_FROM, SCAN_CALLS, SCAN_ROUND, Schedule, scanned
from opprop.fuzz.forked import ForkedProcess
from opprop.fuzz.journal import Journal
from opprop.fuzz.messages import MESSAGES, ExamplesSoFar, Found, OpDone, Ready, Record, RunTarget, Stop, WorkerLost, WorkerStarted, parse

READY_TIMEOUT = 120.0  # a worker that cannot import torch (and op_db, where it needs it) in this long is broken
REPORT_RESERVE = 1.0  # seconds kept back at the end to write the reports
OVERRUN_WEIGHT = 0.05  # weight of the latest target in the moving average of overruns (about the last 20 targets)
MAX_RESUMED = 3  # crashes of one target that its share goes on after, each in a fresh worker (then its share ends)
# A scan's share (fuzz.energy.SCAN_ROUND) goes on after this many crashes, each time with at least half its share
# again (a fresh worker's start is not the overload's time): another crash of the same overload may die another way,
# a distinct bug, and the naive scanner goes on after every crash.
MAX_SCAN_CRASHES = 8
MIN_RESUMED_S = 0.5  # the least share left that is worth a fresh worker


class Worker:
    def __init__(self, wid: int, run_dir: str, argv: list[str], fork: bool = False, inherited_fds: list[int] = ()):
        self.id = wid
        self.current_path = os.path.join(run_dir, f"worker-{wid}.current")
        self.log_path = os.path.join(run_dir, f"worker-{wid}.log")
        with open(self.current_path, "w"):
            pass
        argv = ["--worker", str(wid), "--parent", str(os.getpid()), "--current", self.current_path, *argv]
        if fork:
            self.proc = ForkedProcess(argv, self.log_path, list(inherited_fds))
        else:
            log = open(self.log_path, "ab")
            self.proc = subprocess.Popen([sys.executable, "-m", "opprop.fuzz.worker", *argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=log, text=True, bufsize=1)
            log.close()
        self.started = time.monotonic()
        self.ready = False
        self.target: str | None = None
        self.op_started = 0.0
        self.examples = 0
        self.share = 0.0  # the seconds its current target was given
        self.scan = False  # whether that share is the scan's (fuzz.energy.SCAN_ROUND)
        self._buf = ""

    def send(self, command: Record) -> None:
        self.proc.stdin.write(json.dumps(command.as_json()) + "\n")
        self.proc.stdin.flush()

    def read_messages(self) -> list[Record] | None:
        """Whole messages now readable; None at end of file (the worker is gone)."""
        data = os.read(self.proc.stdout.fileno(), 65536)
        if not data:
            return None
        self._buf += data.decode(errors="replace")
        *lines, self._buf = self._buf.split("\n")
        return [parse(json.loads(x), MESSAGES) for x in lines if x.strip()]

    def current(self) -> dict:
        try:
            with open(self.current_path) as fh:
                return json.loads(fh.read() or "{}")
        except (OSError, json.JSONDecodeError):
            return {}

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            try:
                pipe.close()
            except OSError:  # a stdin with unsent bytes to a dead worker
                pass


def _signal_name(returncode: int) -> dict:
    if returncode < 0:
        try:
            return {"signal": signal.Signals(-returncode).name}
        except ValueError:
            return {"signal": -returncode}
    return {"exit_code": returncode}


def lost_finding(target: str, aten_op: str, cur: dict, how: str, returncode: int, timeout: float) -> tuple[dict, dict]:
    """(finding, replay record) for the example in a lost worker's ``current`` file: how is OutcomeKind.CRASH or HANG."""
    call = cur.get("call") or {}
    detail = {"example": cur.get("example"), "phase": cur.get("phase")}
    if how == OutcomeKind.CRASH:
        detail.update(_signal_name(returncode))
    else:
        detail["timeout_s"] = timeout
    finding = {"aten_op": aten_op, "called_op": call.get("target", target), "invariant": how, "output_index": None, "detail": detail,
               "inputs": call.get("inputs", {})}
    # the replay the session announced with the call (its corpus, a schedule row, a fixed sample's index), as a finding's would be
    replay = {"database_key": database_key(target).decode(), **(call.get("replay") or {}), "call": call.get("repr"), "target": target}
    return finding, replay


def _added(done: OpDone, parts: dict | None) -> OpDone:
    """A target's ``OpDone`` with what its crashed parts did added in: one record for its whole share."""
    if not parts:
        return done
    stats = dict(done.stats or {})
    for key in ("examples", "valid", "errors"):
        stats[key] = stats.get(key, 0) + parts.get(key, 0)
    return dataclasses.replace(done, status=OutcomeKind.CRASH, crashes=parts["crashes"], stats=stats,
                               seconds=round((done.seconds or 0) + parts.get("seconds", 0), 3))


def _valid_before(cur: dict, target: str) -> int:
    """The examples of ``target`` that ran validly before the one in a worker's ``current`` file (which never finished)."""
    return (cur.get("valid") or 0) if cur.get("target") == target else 0


class Pool:
    def __init__(self, *, jobs: int, run_dir: str, worker_argv: list[str], journal: Journal, aten_op_of, example_timeout: float, progress,
                 fork: bool = False, database=None):
        self.jobs = jobs
        self.database = database  # where a crashing or hanging example is saved, to be replayed first next run
        self.fork = fork  # forked workers (opprop.fuzz.forked) or fresh interpreters
        self.run_dir = run_dir
        self.worker_argv = worker_argv
        self.journal = journal
        self.aten_op_of = aten_op_of  # target name -> the aten op a crash or hang is charged to
        self.example_timeout = example_timeout
        self.progress = progress
        self.selector = selectors.DefaultSelector()
        self.workers: dict[int, Worker] = {}
        self._next_id = 0
        self.overrun = 0.0  # seconds a target takes beyond its share, moving average
        self.queue: collections.deque = collections.deque()
        # target -> what its crashed parts did: crashes, examples, valid, seconds, and the share left to resume with
        self.resumed: dict[str, dict] = {}
        self.schedule = Schedule()  # later rounds: the time the first round leaves, to the targets still showing new things
        self.planned: dict[str, float] = {}  # a later round's shares, target -> seconds
        self.in_rounds = False  # whether the sweep has later rounds (energy.ROUNDS_FROM)
        self.after_scan: list = []  # while the sweep scans (energy.SCAN_ROUND): the first round's targets, queued after it
        self.scan_started = 0.0
        self.scanned_overloads: set = set()  # the overloads whose scan share ran: their first-round share draws without crossing
        self.round_end = 0.0  # when the first round's even shares run out (the deadline, once later rounds begin)
        self.examples_run: dict[str, int] = {}  # target -> examples its shares ran, against --per-op-examples

    def _spawn(self) -> Worker:
        inherited = [self.selector.fileno()] if hasattr(self.selector, "fileno") else []
        for other in self.workers.values():
            inherited += [other.proc.stdin.fileno(), other.proc.stdout.fileno()]
        w = Worker(self._next_id, self.run_dir, self.worker_argv, fork=self.fork, inherited_fds=inherited)
        self._next_id += 1
        self.workers[w.id] = w
        self.journal.append(WorkerStarted(worker=w.id, pid=w.proc.pid))
        self.selector.register(w.proc.stdout, selectors.EVENT_READ, w)
        return w

    def _retire(self, w: Worker) -> None:
        self.selector.unregister(w.proc.stdout)
        w.kill()
        del self.workers[w.id]

    def run(self, targets: list[str], *, deadline: float, max_examples: int) -> None:
        now = self.scan_started = time.monotonic()
        # many targets compete for time: a scan of the overloads first, then the first round spreads part of what is
        # left, later rounds the rest (energy)
        self.in_rounds = len(targets) > ROUNDS_FROM * self.jobs  # a few targets share the whole budget evenly, as one round
        scan = scanned(targets) if self.in_rounds and SCAN_ROUND > 0 else []
        self.after_scan = list(targets) if scan else []
        queue = self.queue = collections.deque(scan or targets)
        self.round_end = now + (SCAN_ROUND if scan else FIRST_ROUND) * (deadline - now) if self.in_rounds else deadline
        for _ in range(min(self.jobs, len(targets))):
            self._spawn()
        while True:
            now = time.monotonic()
            if now >= deadline:
                break
            if not queue and not any(w.target for w in self.workers.values()) and not self._next_round(deadline, max_examples):
                break
            if self.after_scan and now >= self.round_end:
                self._end_scan()
            for w in list(self.workers.values()):
                if w.ready and w.target is None and queue:
                    self._dispatch(w, queue.popleft(), queue, deadline, max_examples)
            for key, _ in self.selector.select(timeout=0.2):
                self._read(key.data)
            self._watch()
            self.progress.tick()
            if not queue and deadline - time.monotonic() < MIN_SHARE_S:  # nothing left to hand out: idle workers can go
                for w in [w for w in self.workers.values() if w.ready and w.target is None]:
                    self._retire(w)
            elif not self.workers:
                self._spawn()
        self._finish(queue)

    def _end_scan(self) -> None:
        """The scan's time is up: the overloads it has not reached wait for their first-round share (whose own crossing
        calls they run); the rest of a share a crash cut short still runs."""
        left = [t for t in self.queue if t not in self.resumed]
        if left:
            self.progress.note(f"scan: out of time with {len(left)} overload(s) not scanned; they cross in the first round")
        kept = [t for t in self.queue if t in self.resumed]
        self.queue.clear()
        self.queue.extend(kept)

    def _next_round(self, deadline: float, max_examples: int) -> bool:
        """Queue the first round once the scan is done, or a later round (fuzz.energy), for the time left; False when no
        target is worth a share of it."""
        if self.after_scan:
            now = time.monotonic()
            self.round_end = now + FIRST_ROUND * (deadline - now)
            self.queue.extend(t for t in self.after_scan if self.examples_run.get(t, 0) < max_examples)
            self.progress.note(f"scan: crossing calls into {len(scanned(self.after_scan))} overload(s) in {now - self.scan_started:.0f} s; "
                               f"the first round: {len(self.queue)} target(s)")
            self.after_scan = []
            return bool(self.queue)
        left = deadline - time.monotonic() - REPORT_RESERVE
        self.round_end = deadline
        plan = self.schedule.next_round(left, self.jobs) if self.in_rounds and left >= MIN_SHARE_S else {}
        plan = {t: share for t, share in plan.items() if self.examples_run.get(t, 0) < max_examples}
        self.planned.update(plan)
        self.queue.extend(plan)
        if plan:
            self.progress.note(f"round {max(self.schedule.round_of(t) for t in plan) + 1}: {len(plan)} target(s) still showing new behaviour share {left:.0f} s")
        return bool(plan)

    def _dispatch(self, w: Worker, target: str, queue, deadline: float, max_examples: int) -> None:
        left = deadline - time.monotonic() - REPORT_RESERVE
        busy = sum(1 for x in self.workers.values() if x.target)
        # A target runs past its share by its setup and minimum examples: charge the targets left that
        # overrun (a moving average of what finished ones took beyond their share), so the last still run.
        in_round = max(0.0, self.round_end - time.monotonic() - REPORT_RESERVE)
        share = self.planned.pop(target, None) or in_round * self.jobs / (len(queue) + 1 + busy) - self.overrun
        parts = self.resumed.get(target)
        if parts is not None:  # the rest of a share a crash cut short
            share = parts.pop("left", share)
        w.target, w.op_started, w.examples, w.scan = target, time.monotonic(), 0, bool(self.after_scan)
        w.share = max(0.05, min(share, left))
        examples = max_examples - self.examples_run.get(target, 0)
        w.send(RunTarget(target=target, seconds=w.share, examples=min(SCAN_CALLS, examples // 2) if w.scan else examples, cap=max(0.1, left),
                         resumed=parts["crashes"] if parts else 0, round=self.schedule.round_of(target), scan=w.scan,
                         first=parts.pop("first", 0) if parts else 0, scanned=not w.scan and target in self.scanned_overloads))
        self.progress.started(target)

    def _share_done(self, record: OpDone) -> None:
        """A target's share ended (crashed parts added in): journaled elsewhere; counted here for later rounds."""
        if record.stage == "scan":
            self.scanned_overloads.add(record.target)
        self.examples_run[record.target] = self.examples_run.get(record.target, 0) + (record.stats or {}).get("examples", 0)
        self.schedule.done(record)
        self.progress.op_done(record)

    def _read(self, w: Worker) -> None:
        msgs = w.read_messages()
        if msgs is None:
            self._lost(w, OutcomeKind.CRASH)
            return
        for m in msgs:
            if isinstance(m, Ready):
                w.ready = True
            elif isinstance(m, ExamplesSoFar):
                w.examples = m.examples
                self.progress.examples_now(w.id, m.examples)
            elif isinstance(m, Found):
                self.progress.finding(m)
            elif isinstance(m, OpDone):
                took = time.monotonic() - w.op_started
                self.overrun = max(0.0, OVERRUN_WEIGHT * (took - w.share) + (1 - OVERRUN_WEIGHT) * self.overrun)
                parts = self.resumed.pop(m.target, None)
                if parts is not None:  # the last part of a target that crashed: one record for the whole share
                    m = _added(m, parts)
                    self.journal.append(m)
                self._share_done(m)
                w.target = None
                w.examples = 0
                self.progress.examples_now(w.id, 0)

    def _watch(self) -> None:
        now = time.time()
        for w in list(self.workers.values()):
            if w.proc.poll() is not None:
                self._lost(w, OutcomeKind.CRASH)
            elif not w.ready and time.monotonic() - w.started > READY_TIMEOUT:
                self._lost(w, OutcomeKind.CRASH)
            elif w.target is not None:
                cur = w.current()
                limit = blocking.deadline(self.aten_op_of(w.target), self.example_timeout)  # a collective's is shorter
                if cur.get("target") == w.target and now - cur.get("time", now) > limit:
                    w.proc.kill()
                    self._lost(w, OutcomeKind.HANG)

    def _lost(self, w: Worker, how: str) -> None:
        """The worker died (crash) or was killed for running too long (hang): journal its example, replace it."""
        if w.id not in self.workers:
            return
        w.proc.wait()
        cur = w.current()
        target = w.target
        self._retire(w)
        if how == OutcomeKind.HANG and target is not None and blocking.waits_for_peer(self.aten_op_of(target)):
            # a collective waiting for a peer the one-process group lacks: an invalid call, never a hang finding
            limit = blocking.deadline(self.aten_op_of(target), self.example_timeout)
            done = _added(blocking.op_done(target, w.id, cur, time.monotonic() - w.op_started, limit), self.resumed.pop(target, None))
            self.journal.append(done)
            self._share_done(done)
            self._spawn()
            return
        if target is None:
            self.journal.append(WorkerLost(worker=w.id, how=how, **_signal_name(w.proc.returncode), log=w.log_path))
            self.progress.note(f"worker {w.id} died outside any op ({_signal_name(w.proc.returncode)}); see {w.log_path}")
            self._spawn()
            return
        if self.database is not None and cur.get("choices") and cur.get("target") == target:
            self.database.save(database_key(target), bytes.fromhex(cur["choices"]))
        finding, replay = lost_finding(target, self.aten_op_of(target), cur, how, w.proc.returncode, self.example_timeout)
        record = Found(target=target, worker=w.id, example=cur.get("example"), finding=finding, replay=replay)
        self.journal.append(record)
        self.progress.finding(record)
        done = OpDone(target=target, status=how, worker=w.id, seconds=round(time.monotonic() - w.op_started, 3), stage="scan" if w.scan else None,
                      stats={"name": target, "examples": (cur.get("example") or 0) if cur.get("target") == target else 0,
                             "valid": _valid_before(cur, target), "errors": 0, "reached": []})
        parts = self.resumed.pop(target, None)
        left = w.op_started + w.share - time.monotonic()
        crashes = (parts["crashes"] if parts else 0) + (how == OutcomeKind.CRASH)
        so_far = _added(done, {**(parts or {}), "crashes": crashes}) if crashes else done  # this crash counted too
        if how == OutcomeKind.CRASH and (crashes <= MAX_SCAN_CRASHES if w.scan else crashes <= MAX_RESUMED and left >= MIN_RESUMED_S):
            # a scan's share (a fraction of a second) goes on at the crossing call after the one that crashed
            first = ((cur.get("call") or {}).get("replay") or {}).get("crossing", -1) + 1 if w.scan else 0
            left = max(left, w.share / 2) if w.scan else left
            self.resumed[target] = {**so_far.stats, "crashes": crashes, "seconds": so_far.seconds, "left": left, "first": first}
            self.queue.appendleft(target)  # the rest of its share, next, in the fresh worker
        else:
            self.journal.append(so_far)
            self._share_done(so_far)
        self._spawn()

    def _finish(self, queue) -> None:
        for w in list(self.workers.values()):
            if w.target is not None:  # past the run's end: what it found is journaled already
                self.journal.append(_added(OpDone(target=w.target, status="cut", worker=w.id, seconds=round(time.monotonic() - w.op_started, 3),
                                                  stats={"name": w.target, "examples": w.examples, "valid": _valid_before(w.current(), w.target),
                                                         "errors": 0, "reached": []}), self.resumed.pop(w.target, None)))
            else:
                try:
                    w.send(Stop())
                except (BrokenPipeError, OSError):
                    pass
            self._retire(w)
        for target in queue:
            parts = self.resumed.pop(target, None)
            if parts is None and target in self.examples_run:
                continue  # a later round's share never started: its earlier shares' records stand
            self.journal.append(_added(OpDone(target=target, status="not_run", stats={"name": target, "examples": 0}), parts))
