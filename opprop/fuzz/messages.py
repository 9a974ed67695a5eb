"""Every JSON line a fuzz run writes or sends, one dataclass per ``type``: the journal's records and the worker protocol.

A journal is read long after it was written (``opprop report`` on last
night's run), and a worker and its parent talk in lines of the same kinds,
so each kind is declared once, here: its fields, which of them a reader may
rely on (those without a default), and its JSON. ``as_json`` leaves out an
optional field that is None, so the lines are the ones written before these
classes existed; ``parse`` takes a line back by its ``type``, ignores fields
it does not know (a newer writer's), and refuses an unknown type or a line
without a required field with a one-line ``RecordError``.
"""
from __future__ import annotations

import dataclasses
from typing import ClassVar

_record = dataclasses.dataclass(frozen=True)


class RecordError(ValueError):
    """A JSON value that is no line of the kinds asked for; its message is the one-line reason."""


class Record:
    TYPE: ClassVar[str]

    def as_json(self) -> dict:
        """The line's JSON object: its type and fields, an optional field (default None) left out while it is None."""
        out = {"type": self.TYPE}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is not None or field.default is not None:
                out[field.name] = value
        return out


# The journal: one line per event of a fuzz run (``opprop.fuzz.journal``).

@_record
class Run(Record):
    """The journal's first line: what the run was asked to do, on which torch (shards merged: ``journal.merged_run``)."""
    TYPE = "run"
    targets: list = dataclasses.field(default_factory=list)
    budget: float | None = None
    jobs: int | None = None
    shard: str | None = None  # "I/N"; merged: the shards', comma-separated
    seed: int | list | None = None  # merged shards with different seeds: every seed
    device: str | None = None
    database: str | None = None
    imports: list = dataclasses.field(default_factory=list)  # the --import modules (a crash repro imports them too)
    skipped: list = dataclasses.field(default_factory=list)  # [{"generator", "why"}]: edge generators that could not load
    namespaces: list = dataclasses.field(default_factory=list)  # every namespace beside aten: its targets, or why it was left out
    torch_version: str | None = None
    started: float | None = None  # time.time() at the start
    corpus: dict | None = None  # what the run started from (--corpus DIR, or the shipped seed)
    shards: int | None = None  # merged shards only: how many


@_record
class WorkerStarted(Record):
    """The pool started a worker process (its pid: what a test kills, or finds left over)."""
    TYPE = "worker"
    worker: int
    pid: int


@_record
class WorkerLost(Record):
    """A worker died (``how``: crash) or stopped answering while it ran no target: nothing to charge it to."""
    TYPE = "worker_lost"
    worker: int
    how: str
    signal: str | int | None = None  # the signal that killed it, or
    exit_code: int | None = None  # the code it exited with
    log: str | None = None  # its stderr


@_record
class Found(Record):
    """A finding: a worker's (journaled by the worker before the parent hears of it, and sent), or a crash or hang the
    pool recorded for the example a lost worker was running (with the ``replay`` that example announced)."""
    TYPE = "finding"
    target: str
    finding: dict  # check.findings.Finding.as_json()
    worker: int | None = None
    example: int | None = None  # the target's example it was found on, counted from 1
    replay: dict | None = None


@_record
class OpDone(Record):
    """A target's share ended: how (``status``), what it ran (``stats``: runner.OpStats.as_json()), what it learned.
    A target whose share went on after crashes (``pool``) has one, for every part, with ``crashes`` set."""
    TYPE = "op_done"
    target: str
    status: str  # ran | budget | crash | hang | blocked | cut | not_run | error | ...
    worker: int | None = None
    budget: float | None = None  # the seconds it was given
    seconds: float | None = None  # the seconds it took
    stats: dict | None = None
    first_seen: dict | None = None  # finding key -> the example it was first seen at
    hypothesis_error: str | None = None
    validity: dict | None = None  # what its draws learned the op rejects (inputs.validity): the next run starts from it
    shrunk: list | None = None  # its findings as Hypothesis shrank them (Finding.as_json() each)
    modes: dict | None = None  # which edge modes and relations ran, and how many validly
    error: str | None = None  # why the target could not even be set up
    crashes: int | None = None
    stage: str | None = None  # "scan" for a share of the scan (fuzz.energy.SCAN_ROUND)


def joined(earlier: OpDone, later: OpDone) -> OpDone:
    """One record for a target's shares in several rounds (fuzz.energy): counts added, what was reached and seen unioned,
    each finding first seen at its first share's example; the later share's status unless a share crashed or hung (that
    status stands), and its learning where it learned more."""
    a, b = earlier.stats or {}, later.stats or {}
    stats = {**a, **b}
    for key in ("examples", "valid", "errors", "seconds", "behaviours"):
        stats[key] = round(a.get(key, 0) + b.get(key, 0), 4)
    stats["reached"] = sorted({*a.get("reached", []), *b.get("reached", [])})
    for key in ("error_kinds", "internal_errors"):
        stats[key] = {k: (a.get(key) or {}).get(k, 0) + (b.get(key) or {}).get(k, 0) for k in {*(a.get(key) or {}), *(b.get(key) or {})}}
    modes = {k: [x + y for x, y in zip((earlier.modes or {}).get(k, [0, 0]), (later.modes or {}).get(k, [0, 0]))]
             for k in {*(earlier.modes or {}), *(later.modes or {})}}
    tries = [(r.validity or {}).get("total", [0])[0] for r in (earlier, later)]
    lost = [r.status for r in (later, earlier) if r.status in ("crash", "hang")]  # outcomes.LOST_KINDS
    return dataclasses.replace(
        later, status=lost[0] if lost else later.status, stats=stats, modes=modes or None, first_seen={**(later.first_seen or {}), **(earlier.first_seen or {})},
        shrunk=[*(earlier.shrunk or []), *(later.shrunk or [])] or None, validity=later.validity if tries[1] >= tries[0] else earlier.validity,
        budget=round((earlier.budget or 0) + (later.budget or 0), 3), seconds=round((earlier.seconds or 0) + (later.seconds or 0), 3),
        crashes=((earlier.crashes or 0) + (later.crashes or 0)) or None, error=later.error or earlier.error,
        hypothesis_error=later.hypothesis_error or earlier.hypothesis_error)


@_record
class End(Record):
    """The run's last line, written once the pool is done: a journal without it is a run that was killed."""
    TYPE = "end"
    seconds: float | None = None


# The worker protocol: commands on a worker's stdin, messages on its protocol fd (``opprop.fuzz.worker``).

@_record
class RunTarget(Record):
    """Command: run a fuzz target's share (``pool``)."""
    TYPE = "run"
    target: str
    seconds: float  # its share
    examples: int  # the most examples it may run
    cap: float | None = None  # the seconds left to the whole run: a hard stop past the share
    resumed: int = 0  # crashes this target's share went on after: draws of their own, past the input saved
    round: int = 0  # the later round this share is in (fuzz.energy): draws of their own, past what earlier shares drew
    scan: bool = False  # a share of the scan (fuzz.energy.SCAN_ROUND): crossing calls only, from call ``first`` on
    first: int = 0
    scanned: bool = False  # its overload's scan ran (not a scan share itself): round 0's share draws, crossing no more


@_record
class CheckTarget(Record):
    """Command: ``opprop check``'s samples and draws of one target (``isolated_check``), skipping what earlier workers ran."""
    TYPE = "check"
    target: str
    examples: int = 0  # draws after the samples
    skip: dict = dataclasses.field(default_factory=dict)  # {"sample": n (-1: all), "example": n}


@_record
class Stop(Record):
    """Command: exit."""
    TYPE = "stop"


@_record
class Ready(Record):
    """Message: the worker imported what it needs and takes commands."""
    TYPE = "ready"
    worker: int
    pid: int


@_record
class ExamplesSoFar(Record):
    """Message: how many examples the target has run so far (the live progress line)."""
    TYPE = "progress"
    target: str
    examples: int


@_record
class Ran(Record):
    """Message (``opprop check``): one call ran, and what its stats need, so a worker that dies later loses none of them."""
    TYPE = "ran"
    phase: str  # check_worker.SAMPLE | EXAMPLE
    error: str | None  # why the call was invalid, or None
    reached: list  # the aten overloads it reached
    seconds: float
    internal_errors: list = dataclasses.field(default_factory=list)  # InternalError.as_json() each
    modes: dict = dataclasses.field(default_factory=dict)  # the drawn call's edge modes


@_record
class CheckDone(Record):
    """Message (``opprop check``): the target's samples and draws are done."""
    TYPE = "check_done"
    target: str
    status: str
    hypothesis_error: str | None = None


def _kinds(*classes) -> dict:
    return {c.TYPE: c for c in classes}


JOURNAL = _kinds(Run, WorkerStarted, WorkerLost, Found, OpDone, End)
COMMANDS = _kinds(RunTarget, CheckTarget, Stop)
MESSAGES = _kinds(Ready, ExamplesSoFar, Found, OpDone, Ran, CheckDone)


def parse(line, kinds: dict) -> Record:
    """The record a JSON value holds, by its ``type`` among ``kinds`` (JOURNAL, COMMANDS or MESSAGES); RecordError if none."""
    if not isinstance(line, dict):
        raise RecordError(f"a {type(line).__name__}, not a record (a JSON object with a type)")
    kind = line.get("type")
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RecordError(f"unknown record type {kind!r}" if "type" in line else "a JSON object with no type")
    fields = dataclasses.fields(cls)
    missing = [f.name for f in fields if f.name not in line and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if missing:
        raise RecordError(f"a {kind!r} record without {', '.join(missing)}")
    return cls(**{f.name: line[f.name] for f in fields if f.name in line})
