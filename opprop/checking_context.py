"""``opprop.checking()``: the invariant checks around any code, as the debug-build asserts are around every op.

A context manager (and decorator) that runs the enclosed code under
``InvariantMode`` and keeps every finding with the user code's file:line
that made the call and whether the ledger knows it. The hot path is the
mode's own; what this module adds runs only when a finding is recorded.
"""
from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import os
import sys
import threading

import torch

from opprop.check import catalog, compile_watch
from opprop.core import ledger as ledger_mod
from opprop.check.snapshots import DEFAULT_SNAPSHOT
from opprop.check.mode import InvariantMode
from opprop.check.findings import Finding, InternalError
from opprop.core.specs import CallSpec
from opprop.inputs.recording import CorpusRecorder, Recording

# Frames inside these directories are never "the user code that made the call".
_INTERNAL_DIRS = tuple(os.path.dirname(m.__file__) + os.sep for m in (torch, sys.modules["opprop"]))


# ``found.engine_why`` (and ``handed_over``) of a block the Python mode checked because compiled code may run in it
HANDED_OVER = "torch.compile holds compiled code, whose guards would read the native engine's key: the Python mode checked"

MAX_USER_CALL_VALUES = 1 << 24  # capture_calls=True: tensor values a captured call may hold (a training step's weights)


class NewFindings(AssertionError):
    """Raised at the end of ``checking(fail_on_new=True)``: one line per new finding."""


@dataclasses.dataclass
class Checked:
    """One finding made inside ``checking()``: the finding, where the user code made the call, and its ledger entry."""

    finding: Finding
    where: str  # "path/to/file.py:12": the innermost frame outside torch and opprop ("" when there is none)
    entry: ledger_mod.Entry | None  # the ledger entry that makes it known, or None: new
    call: CallSpec | None = None  # the ATen-level call, captured when asked for (capture_calls=True)

    aten_op = property(lambda self: self.finding.aten_op)
    invariant = property(lambda self: self.finding.invariant)
    detail = property(lambda self: self.finding.detail)
    inputs = property(lambda self: self.finding.inputs)
    output_index = property(lambda self: self.finding.output_index)
    occurrences = property(lambda self: self.finding.occurrences)  # calls that broke it here, this one included
    key = property(lambda self: self.finding.key)

    @property
    def known(self) -> bool:
        return self.entry is not None

    @functools.cached_property
    def fix(self):
        """The finding's proven fix (``opprop.reduce.fixes.Fix``), computed the first time it is read: nothing on any call.
        It is proven apart (``fixes.proven_apart``): a neighbour call that crashes, or the scratch op the proof registers,
        stays out of this process. None for crashes and internal asserts."""
        from opprop.reduce import fixes

        return fixes.proven_apart(lambda: fixes.for_finding(self.finding)).or_unverifiable(self.aten_op, self.invariant)

    def one_line(self) -> str:
        status = "known" if self.known else "NEW"
        return f"{self.where or '<no Python frame>'}: [{status}] {self.finding.one_line()}"

    def as_json(self) -> dict:
        d = self.finding.as_json()
        d.update(where=self.where, known=self.known, reason=self.entry.reason if self.entry else "")
        if self.call is not None:
            d["call"] = self.call.as_json()
        return d


def user_frame(frame=None) -> str:
    """file:line of the innermost frame outside torch and opprop (the code that made the call), relative to the cwd under it."""
    return _shown(_user_code(frame or sys._getframe(1)))


def _user_code(frame) -> tuple | None:
    """(file, line) of the innermost frame outside torch and opprop: cheap, read for every repeat."""
    while frame is not None:
        name = frame.f_code.co_filename
        if not name.startswith(_INTERNAL_DIRS) and not name.startswith("<"):
            return name, frame.f_lineno
        frame = frame.f_back
    return None


def _shown(site: tuple | None) -> str:
    if site is None:
        return ""
    name, line = site
    cwd = os.getcwd() + os.sep
    return f"{name[len(cwd):] if name.startswith(cwd) else name}:{line}"


class _UserMode(InvariantMode):
    """InvariantMode that, on the slow path only, adds where the call came from and what the ledger says."""

    def __init__(self, owner: "checking", **options):
        super().__init__("user code", **options)
        self.owner = owner
        if owner.capture_calls:  # a repro from real code needs the whole call, however many values it holds
            self.max_captured_values = MAX_USER_CALL_VALUES

        self.internal_errors = owner.internal_errors  # kept on the owner, which outlives the mode

    def _internal(self, func, stage: str) -> None:
        super()._internal(func, stage)
        self.internal_errors[-1].where = user_frame()

    def _site(self) -> tuple | None:
        self._where = _user_code(sys._getframe(1))
        return self._where

    def _record(self, plan, call, args, kwargs, signature=None) -> None:
        start = len(self.findings)
        super()._record(plan, call, args, kwargs, signature)
        if len(self.findings) > start:  # new findings (a repeat only counts on its first): _site has run
            self.owner._add(self.findings[start:], _shown(self._where), args, kwargs, call)


class _RecordingUserMode(Recording, _UserMode):
    """``checking(record=DIR)``: the same mode, each distinct call also written to the corpus (``inputs.recording``)."""

    def __init__(self, owner: "checking", **options):
        super().__init__(owner, **options)
        self.recorder = owner.recorder


_open = threading.local()  # per thread: the checking() blocks open in it, innermost last
_watch_lock = threading.Lock()
_watching = 0  # blocks open in any thread: while there are some, Thread.start is watched
_thread_start = threading.Thread.start


def _watched_start(thread, *args, **kwargs):
    """Thread.start while some block is open: a thread started inside a block is named by that block (it is not checked)."""
    blocks = getattr(_open, "blocks", None)
    if blocks:
        blocks[-1]._started(thread)
    return _thread_start(thread, *args, **kwargs)


def _watch(block: "checking", on: bool) -> None:
    """Open or close `block` in this thread; Thread.start is watched from the first open block to the last closed one."""
    global _watching
    blocks = _open.__dict__.setdefault("blocks", [])
    with _watch_lock:
        if on:
            blocks.append(block)
            _watching += 1
            if _watching == 1:
                threading.Thread.start = _watched_start
        else:
            blocks.remove(block)
            _watching -= 1
            if _watching == 0 and threading.Thread.start is _watched_start:  # (left alone if someone replaced it since)
                threading.Thread.start = _thread_start


class checking(contextlib.ContextDecorator):
    """Run the enclosed code (or decorated function) under opprop's invariant checks.

    ``with opprop.checking() as found: ...`` (calling the module makes one) then ``found.findings`` (each a
    ``Checked``), ``found.new``, ``found.known``. ``fail_on_new=True`` raises
    ``NewFindings`` at exit, one line per new finding. ``invariants`` picks
    the checks (ids of ``catalog.ALL_INVARIANTS``; default all);
    ``snapshot_data`` is the mode's policy ("schema" or "all"; default the one in ``explore/profiles.py``); ``ledger``
    a path or ``Ledger`` (default: the shipped ledger plus
    ``./expected/ledger.toml``). ``capture_calls=True`` keeps the ATen-level
    call of the first finding of each new (op, invariant), for repros.
    An exception raised inside the block propagates unchanged; the findings
    made before it stay on the object (and, with ``fail_on_new``, are added
    to the exception as a note). ``record=DIR`` also writes each distinct
    ATen-level call the code made into the corpus DIR (``opprop.inputs.corpus``:
    deduplicated by op and input signature, ``MAX_PER_OP`` per op), for
    ``opprop check/fuzz --corpus DIR``; a mode without it pays nothing.

    Dispatch modes are per thread, as torch has them: the block checks the
    thread that opened it. A thread started inside the block runs unchecked,
    and the block says so once: ``unchecked_threads`` names them, and one
    internal-error record counts them. A decorated function called from
    several threads at once (or from itself) gets a block per call; this
    object then shows the findings of the call that ended last.
    """

    NewFindings = NewFindings  # reachable as opprop.checking.NewFindings

    def __init__(self, *, fail_on_new: bool = False, invariants=None, snapshot_data: str = DEFAULT_SNAPSHOT, ledger=None, capture_calls: bool = False,
                 record=None, engine: str | None = None):
        if snapshot_data not in ("schema", "all"):
            raise ValueError(f"snapshot_data must be 'schema' or 'all', not {snapshot_data!r}")
        if engine not in (None, "python", "native"):
            raise ValueError(f"engine must be 'python' or 'native', not {engine!r}")
        if engine == "native" and (record is not None or capture_calls):
            raise ValueError("engine='native' neither records nor captures calls (it sees no Python per call)")
        # engine="native" (check/native_engine.py): the checks in C++; `not_checked` counts the calls it declined, one
        # internal-error record says so (and one more its own errors), `not_covered` names the invariants it does not check.
        # None, the default: native, but where the block records or captures calls, or the engine cannot run here
        # (``engine_why``: why the last block was not the native engine's, "" where it was, None before any block)
        self.engine = engine
        self.engine_why: str | None = None
        self.not_checked: dict = {}
        self.not_covered: tuple = ()
        self.fail_on_new = fail_on_new
        self.invariants = None if invariants is None else frozenset(invariants)
        unknown = sorted((self.invariants or set()) - set(catalog.ALL_INVARIANTS))
        if unknown:
            raise ValueError(f"unknown invariant(s) {unknown}; known: {', '.join(catalog.ALL_INVARIANTS)}")
        self.snapshot_data = snapshot_data
        self.ledger = ledger if isinstance(ledger, ledger_mod.Ledger) else ledger_mod.load(ledger)
        self.capture_calls = capture_calls
        # a path, or a CorpusRecorder shared by many blocks (the pytest plugin's: one file per process)
        self.recorder = record if record is None or isinstance(record, CorpusRecorder) else CorpusRecorder(record)
        self.findings: list[Checked] = []
        self.internal_errors: list = []  # InternalError records: opprop failed to check a call, which ran on unchanged
        self.unchecked_threads: list[str] = []  # threads started inside the block: dispatch modes are per thread
        self._modes: dict[int, list] = {}  # thread id -> the modes of the blocks this object has open there
        self._parent: checking | None = None  # the decorator's object, for a block made per call

    def _recreate_cm(self) -> "checking":
        """A block of its own for each call of a decorated function, so calls from several threads never share one."""
        block = copy.copy(self)
        block._modes, block._parent = {}, self
        return block

    def _started(self, thread) -> None:
        if not self.unchecked_threads:
            self._thread_site = user_frame(sys._getframe(2))
        self.unchecked_threads.append(thread.name)

    @property
    def new(self) -> list[Checked]:
        return [f for f in self.findings if not f.known]

    @property
    def known(self) -> list[Checked]:
        return [f for f in self.findings if f.known]

    def _add(self, findings, where, args, kwargs, observed) -> None:
        for f in findings:
            f.called_op = f.aten_op  # the inputs described are the ATen call's own
            entry = self.ledger.match(f)
            spec = None
            if self.capture_calls and entry is None and all(c.key != f.key or c.call is None for c in self.findings):
                spec = f.captured.spec() if f.captured is not None else None
            self.findings.append(Checked(f, where, entry, spec))

    def __enter__(self) -> "checking":
        self.findings = []
        self.internal_errors = []
        self.unchecked_threads = []
        self.engine_why = self._why_python()
        if self.engine_used == "native":
            from opprop.check import native_engine

            mode = native_engine.NativeChecks(site=user_frame)
            self.not_covered = native_engine.not_covered(self.invariants or catalog.ALL_INVARIANTS)
        else:
            mode_class = _UserMode if self.recorder is None else _RecordingUserMode
            mode = mode_class(self, snapshot_data=self.snapshot_data, invariants=self.invariants)
        modes_before = torch._C._len_torch_dispatch_stack()
        modes = self._modes.setdefault(threading.get_ident(), [])
        try:  # all or nothing: a Ctrl-C here, and `with` never calls __exit__, must not leave this thread checked
            mode.__enter__()
            modes.append(mode)
            _watch(self, True)
        except BaseException:
            self._undo_enter(mode, modes, modes_before)
            raise
        return self

    @property
    def engine_used(self) -> str:
        """The engine that checked the last block: "native", or "python" (``engine_why`` says why); "" before any."""
        return "" if self.engine_why is None else "python" if self.engine_why else "native"

    @property
    def handed_over(self) -> str:
        """HANDED_OVER where the Python mode checked the block because compiled code may run in it, else ""."""
        return HANDED_OVER if self.engine_why == HANDED_OVER else ""

    def _why_python(self) -> str:
        """Why this block runs the Python mode rather than the native engine ("" where it runs the native one)."""
        from opprop.check import native_engine

        if self.engine == "python":
            return "engine='python' asked for"
        if self.engine is None and (self.recorder is not None or self.capture_calls):
            return "it records or captures calls, which needs Python per call"
        why_not = native_engine.available() if self.engine is None else None  # (asked for: NativeChecks raises)
        if why_not:
            return f"{native_engine.UNAVAILABLE}: {why_not}"
        # Dynamo's guards read the thread's dispatch keys, the native engine's key among them: where compiled code may
        # run, the Python mode (whose keys Dynamo masks) checks the block, or a compiled function would recompile
        return HANDED_OVER if compile_watch.compiled_code_alive() else ""

    def _undo_enter(self, mode, modes: list, modes_before: int) -> None:
        """What an interrupted ``__enter__`` did, undone: the mode off the stack (or the native block ended), this block
        unwatched, the thread as it was before."""
        if mode in modes:
            modes.remove(mode)
        if not modes:
            self._modes.pop(threading.get_ident(), None)
        blocks = getattr(_open, "blocks", [])
        if self in blocks:
            _watch(self, False)
        if not isinstance(mode, InvariantMode):  # (a native block)
            mode._undo_enter()
        elif torch._C._len_torch_dispatch_stack() > modes_before:  # the mode was pushed: popped as its exit pops it
            mode.__exit__(None, None, None)

    def __exit__(self, exc_type, exc, tb) -> bool:
        _watch(self, False)
        modes = self._modes[threading.get_ident()]
        mode = modes.pop()
        if not modes:
            del self._modes[threading.get_ident()]
        mode.__exit__(exc_type, exc, tb)
        if not isinstance(mode, InvariantMode):  # (a native block)
            for f in mode.findings:
                if self.invariants is None or f.invariant in self.invariants:
                    self._add([f], mode.where.get(id(f), ""), None, None, None)
            self.not_checked = mode.not_checked
            self.internal_errors += mode.records()  # what it ran unchecked, and its own errors: records, never silent
        if self.unchecked_threads:  # said once per block, never silently
            names = ", ".join(self.unchecked_threads[:5]) + (", ..." if len(self.unchecked_threads) > 5 else "")
            self.internal_errors.append(InternalError(
                "<threads>", "thread started in the block",
                f"UncheckedThreads: {len(self.unchecked_threads)} thread(s) started inside ran unchecked "
                f"(dispatch modes are per thread; open a checking() block in the thread): {names}", "", self._thread_site))
        if self._parent is not None:  # a decorated call's block: its results are the decorator's object's, as the last call's
            self._parent.findings, self._parent.internal_errors = self.findings, self.internal_errors
            self._parent.unchecked_threads = self.unchecked_threads
        new = self.new
        if exc is not None:
            if new and self.fail_on_new:
                exc.add_note(self.report(new))
            return False
        if new and self.fail_on_new:
            raise NewFindings(self.report(new))
        return False

    @staticmethod
    def report(findings) -> str:
        """One line per finding, headed by how many are new."""
        lines = [f"opprop: {sum(not f.known for f in findings)} new finding(s) of {len(findings)}:"]
        lines += [f.one_line() for f in findings]
        return "\n".join(lines)
