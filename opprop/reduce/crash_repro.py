"""Crash findings as standalone repros: the crashing ATen call, rebuilt, shrunk in forked children, written out.

A segfault, abort or floating-point exception kills the process it happens
in, so every run of a crashing call here happens in a child forked from this
process (torch is already imported: a fork costs milliseconds). The child
writes the name of each ATen op it enters into a shared page, so when it
dies the parent knows in which op. A candidate input counts only if its
child dies the same way (same signal, or the same internal-assert condition
and source line) in the same op. An ``internal_assert`` finding (a
RuntimeError saying INTERNAL ASSERT FAILED) is handled like a crash: its
"signal" is the assert's condition and location.

The result is an expect file in ``expected/crashes/`` that needs nothing but
torch; its ``EXPECTED`` block records how it dies, and ``opprop replay``
runs it in a fresh interpreter: "still crashes", CHANGED or FIXED.
"""
from __future__ import annotations

import dataclasses
import datetime
import faulthandler
import hashlib
import itertools
import json
import mmap
import os
import pprint
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import torch
from torch._ops import OpOverload
from torch.utils._python_dispatch import TorchDispatchMode

from opprop.check import catalog
from opprop.inputs import choices
from opprop.check.catalog import UnknownOp
from opprop.explore.session import describe_call, replay_call
from opprop.explore.database import key_target
from opprop.core import guard
from opprop.reduce.repro import _bind, op_source
from opprop.reduce.shrink import ShrinkResult, _arg_leaves, _replace, candidates, resized, shrink_with
from opprop.core.specs import FILLS, CallSpec, Literal, SpecError, TensorSpec, describe
from opprop.explore.target import resolve

CRASH = "crash"
INTERNAL_ASSERT = "internal_assert"
CRASH_INVARIANTS = (CRASH, INTERNAL_ASSERT)
ASSERT_MARK = "INTERNAL ASSERT FAILED"
CHILD_TIMEOUT_S = 30.0
SEARCH_EXAMPLES = 200  # fresh draws tried when the recorded choices no longer draw the crashing call
SHRINK_TRIES = 1500  # each a fork; enough to reach a fixed point on every crash of an all-ATen run
REPEATS = 10  # calls in a row when one call's heap damage shows only at a later one (10: robust to what the file's header allocates)
GROWTH = (2, 4)  # how much larger a call is tried when it dies in a fuzz worker but not alone (heap damage hidden in slack)
# The environments a heap-damage repro must die in: where the damage lands depends on what the process allocated
# before the call (a larger environment from another shell or pytest; warnings printed or not, as `python file.py` prints them).
HEAP_ENVS = ({}, {"OPPROP_HEAP_PAD": "x" * 1000}, {"OPPROP_HEAP_PAD": "x" * 5000}, {"PYTHONWARNINGS": "default"})
FRESH_SHRINK_TRIES = 120  # each a fresh interpreter (about a second): for calls that die only outside a forked child
OP_BYTES = 512  # the shared page: the op entered last, then the child's verdict as JSON
PAGE = 8192
SIGNAL_WORDS = {
    "SIGSEGV": "segmentation fault",
    "SIGFPE": "floating-point exception",
    "SIGABRT": "abort",
    "SIGBUS": "bus error",
    "SIGILL": "illegal instruction",
}


class RebuildError(ValueError):
    """A crash finding whose crashing call could not be rebuilt (one line: why)."""


# ---------------------------------------------------------------- how a call ends


def assert_key(message: str) -> str:
    """``cond INTERNAL ASSERT FAILED at "file":line``: what stays the same while the input shrinks."""
    line = next((x for x in message.splitlines() if ASSERT_MARK in x), message.strip().splitlines()[0] if message.strip() else "")
    head = line.split(", please report a bug", 1)[0]
    if head.startswith("RuntimeError: "):
        head = head[len("RuntimeError: "):]
    return " ".join(head.split())[:300]


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How one run of a call ended, and in which ATen op."""

    kind: str  # "signal" | "assert" | "error" | "returned" | "timeout" | "exit"
    what: str = ""  # "SIGSEGV"; the assert's key; "RuntimeError: ..."; "exit code 3"
    op: str = ""  # the ATen op entered last ("" when none was)

    @property
    def crashes(self) -> bool:
        return self.kind in ("signal", "assert")

    def same(self, other: "Outcome") -> bool:
        return (self.kind, self.what, self.op) == (other.kind, other.what, other.op)

    def expected_text(self) -> str:
        """What an expect file's EXPECTED block records (the op is not in it: the script runs no dispatch mode)."""
        if self.kind == "signal":
            return f"dies with {self.what}"
        if self.kind == "assert":
            return f"internal assert: {self.what}"
        if self.kind == "returned":
            return "returns"
        return f"{self.kind}: {self.what}"

    def text(self) -> str:
        where = f" in {self.op}" if self.op else ""
        if self.kind == "signal":
            return f"dies with {self.what} ({SIGNAL_WORDS.get(self.what, 'signal')}){where}"
        if self.kind == "assert":
            return f"fails an internal assert{where}: {self.what}"
        return self.expected_text() + where

    def as_json(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> "Outcome":
        return cls(d["kind"], d.get("what", ""), d.get("op", ""))


def finding_outcome(finding: dict) -> Outcome | None:
    """What a raw finding says happened (its op is the one the run charged it to, not yet the faulting one)."""
    detail = finding.get("detail") or {}
    if finding.get("invariant") == CRASH and detail.get("signal"):
        sig = detail["signal"]
        if isinstance(sig, int):
            try:
                sig = signal.Signals(sig).name
            except ValueError:
                sig = str(sig)
        return Outcome("signal", sig, finding.get("aten_op", ""))
    if finding.get("invariant") == INTERNAL_ASSERT:
        message = next((v for v in detail.values() if isinstance(v, str) and ASSERT_MARK in v), "")
        return Outcome("assert", assert_key(message) if message else "", finding.get("aten_op", ""))
    return None


def matches(found: Outcome, wanted: Outcome) -> bool:
    """A rebuilt run matches a raw finding: same kind and signal (an assert whose key the finding lacks matches any)."""
    return found.kind == wanted.kind and (found.what == wanted.what or (found.kind == "assert" and not wanted.what))


# ---------------------------------------------------------------- running in a forked child


class _Entering(TorchDispatchMode):
    """Keeps the ATen op now running in the shared page (optionally its arguments in a file too).

    An op that returns hands the page back to the op that called it, so an
    error raised by an op after a sub-op it called returned (a sparse
    kernel's ``_nnz``) is charged to the op that raised it.
    """

    def __init__(self, page, record_path: str | None = None):
        super().__init__()
        self.page = page
        self.record = open(record_path, "w") if record_path else None
        self.running: list = []  # (name, recorded text) per op now running, outermost first

    def _show(self, name: str, text: str | None) -> None:
        self.page[0:OP_BYTES] = name.encode()[: OP_BYTES - 1].ljust(OP_BYTES, b"\0")
        if self.record is not None and text is not None:
            self.record.seek(0)
            self.record.write(text)
            self.record.truncate()
            self.record.flush()  # in the page cache: it outlives this process's death

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = catalog.qualified_name(func) if isinstance(func, OpOverload) else str(func)
        text = None
        if self.record is not None:
            try:
                spec = CallSpec(name, tuple(describe(a, grad=True) for a in args), {k: describe(v, grad=True) for k, v in kwargs.items()})
                text = json.dumps(spec.as_json())
            except SpecError as e:
                text = json.dumps({"op": name, "unrecordable": str(e)})
        self._show(name, text)
        self.running.append((name, text))
        out = func(*args, **kwargs)
        self.running.pop()
        if self.running:
            self._show(*self.running[-1])
        return out


def _child(page, prepare, record_path, op) -> None:
    verdict = {"kind": "error", "what": "the child ended early"}
    try:
        faulthandler.disable()  # a crash here is the answer, not something to print
        for s in (signal.SIGSEGV, signal.SIGFPE, signal.SIGABRT, signal.SIGBUS, signal.SIGILL):
            signal.signal(s, signal.SIG_DFL)
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        torch.set_num_threads(1)  # the parent's OpenMP pool does not survive fork
        fn = prepare()  # inputs are built first: their ops are not the call's
        if op is not None:  # a direct call of one overload: no dispatch mode, which can change how a kernel fails
            page[0:OP_BYTES] = op.encode()[: OP_BYTES - 1].ljust(OP_BYTES, b"\0")
            out = fn()
        else:
            with _Entering(page, record_path):
                out = fn()
        del out
        verdict = {"kind": "returned"}
    except BaseException as e:  # noqa: BLE001: every way out is an answer
        message = str(e)
        if ASSERT_MARK in message:
            verdict = {"kind": "assert", "what": assert_key(message)}
        else:
            first = (message.strip().splitlines() or [""])[0]
            verdict = {"kind": "error", "what": f"{type(e).__name__}: {first[:200]}"}
    data = json.dumps(verdict).encode()[: PAGE - OP_BYTES - 1]
    page[OP_BYTES : OP_BYTES + len(data)] = data
    os._exit(0)


def run_forked(prepare, *, timeout: float = CHILD_TIMEOUT_S, record_path: str | None = None, op: str | None = None) -> Outcome:
    """Run ``prepare()()`` in a forked child; how it ended, and in which op.

    ``op`` names the overload the call is, for a direct call: it then runs
    with no dispatch mode. Otherwise a mode notes each op the call enters
    (and, with ``record_path``, its arguments): the last one is where it died.
    """
    page = mmap.mmap(-1, PAGE)  # anonymous and shared: the child's writes are ours to read
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(page, prepare, record_path, op)
    status = _wait(pid, timeout)
    entered = page[0:OP_BYTES].rstrip(b"\0").decode(errors="replace")
    if status is None:
        return Outcome("timeout", f"{timeout:g} s", entered)
    if os.WIFSIGNALED(status):
        n = os.WTERMSIG(status)
        try:
            name = signal.Signals(n).name
        except ValueError:
            name = f"signal {n}"
        return Outcome("signal", name, entered)
    raw = page[OP_BYTES:PAGE].split(b"\0", 1)[0]
    if os.WEXITSTATUS(status) != 0 or not raw:
        return Outcome("exit", f"exit code {os.WEXITSTATUS(status)}", entered)
    verdict = json.loads(raw)
    return Outcome(verdict["kind"], verdict.get("what", ""), entered if verdict["kind"] != "returned" else "")


def _wait(pid: int, timeout: float):
    """The child's wait status, or None after killing it at the timeout."""
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        fd = None
    try:
        deadline = time.monotonic() + timeout
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return status
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return None
            if fd is not None:
                select.select([fd], [], [], left)
            else:
                time.sleep(min(0.005, left))
    finally:
        if fd is not None:
            os.close(fd)


def run_spec(spec: CallSpec, *, timeout: float = CHILD_TIMEOUT_S, fresh: bool = False, call_text: str = "", repeat: int = 1) -> Outcome:
    """The spec's overload called directly on freshly built inputs: in a forked child, or (``fresh``) a fresh interpreter.

    A fork inherits this process's heap, so a call that corrupts the heap
    (writes past a buffer, frees a pointer it does not own) may die in a
    fresh interpreter, where glibc's checks see the damage, and return in a
    fork, where the damage lands somewhere harmless. ``fresh`` runs the
    repro script itself, as ``opprop replay`` will, in environments of
    several shapes (``HEAP_ENVS``: where damage lands depends on them) (with ``call_text`` in
    place of the overload's call: a public call of the same arguments),
    making the call ``repeat`` times.
    """
    if fresh:
        return _run_fresh(spec, timeout, call_text, repeat)

    def prepare():
        args, kwargs = spec.build()
        overload = spec.overload
        return lambda: overload(*args, **kwargs)

    return run_forked(prepare, timeout=timeout, op=spec.op)


def _run_fresh(spec: CallSpec, timeout: float, call_text: str = "", repeat: int = 1) -> Outcome:
    """The script run in fresh interpreters, once per ``HEAP_ENVS``: a crash counts only if every run ends the same way."""
    from opprop.reduce.expectfile import run_script

    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "repro.py"
        path.write_text(script_source(spec, call_text=call_text, repeat=repeat))
        first = None
        for env in HEAP_ENVS:
            out = run_script(path, timeout=timeout, extra_env=env)
            outcome = outcome_from_process(out.returncode, out.stderr, spec.op)
            if first is None:
                first = outcome
            if not outcome.crashes or not outcome.same(first):
                return outcome  # it returned (or ended otherwise) in one of the environments
    return first


def outcome_from_process(returncode: int, stderr: str, op: str) -> Outcome:
    """How a process running one direct call of ``op`` ended, as an Outcome."""
    if returncode < 0:
        try:
            return Outcome("signal", signal.Signals(-returncode).name, op)
        except ValueError:
            return Outcome("signal", f"signal {-returncode}", op)
    if returncode == 0:
        return Outcome("returned")
    if ASSERT_MARK in (stderr or ""):
        return Outcome("assert", assert_key(stderr), op)
    if returncode == 124:
        return Outcome("timeout", (stderr or "").strip(), op)
    lines = [x for x in (stderr or "").strip().splitlines() if x.strip()]
    return Outcome("error", lines[-1][:200] if lines else f"exit code {returncode}", op)


# ---------------------------------------------------------------- from a raw finding to a crashing ATen call


@dataclasses.dataclass
class Rebuilt:
    spec: CallSpec  # the crashing ATen call, not yet shrunk
    outcome: Outcome  # how it dies, in its own op
    via: str  # "replayed choices" | "input description"
    public_sample: str = ""  # the OpInfo whose sample call died the same way, when that is how it was found
    fresh: bool = False  # it dies only in a fresh interpreter (heap damage a forked child does not notice): shrink there too
    repeat: int = 1  # calls the fresh interpreter makes: a second call may be what meets the damage the first left


def rebuild(finding: dict, *, device: str = "cpu") -> Rebuilt:
    """The ATen call behind a crash finding, checked to die the way the finding says, alone, in a child."""
    wanted = finding_outcome(finding)
    if wanted is None:
        raise RebuildError(f"{finding.get('aten_op')} / {finding.get('invariant')}: not a crash or internal-assert finding")
    replay = finding.get("replay") or {}
    why = []
    if replay.get("choices"):
        try:
            return _from_choices(finding, wanted, replay, device)
        except RebuildError as e:
            why.append(str(e))
    else:
        why.append("no recorded choices")
    try:
        return _from_description(finding, wanted)
    except RebuildError as e:
        why.append(str(e))
    try:
        return _from_search(finding, wanted, replay)
    except RebuildError as e:
        why.append(str(e))
    raise RebuildError("; ".join(why))


def _target_name(finding: dict, replay: dict) -> str:
    """The fuzz target the finding was drawn for (its database key, less the fuzz run's prefix, names it too)."""
    return replay.get("target") or key_target(replay.get("database_key") or "") or finding.get("called_op")


def _redraw(target, replay: dict, device: str):
    """The call Hypothesis drew from the recorded choices (with the validity record that steered it, when kept), or None."""
    try:
        return replay_call({"target": target.name, "choices": replay["choices"], "steer": replay.get("steer")}, device)
    except choices.ReplayError:
        return None


def _from_choices(finding: dict, wanted: Outcome, replay: dict, device: str) -> Rebuilt:
    target_name = _target_name(finding, replay)
    try:
        target = resolve(target_name)
    except UnknownOp as e:
        raise RebuildError(str(e)) from None
    call = _redraw(target, replay, device)
    if call is None:
        raise RebuildError("the recorded choices no longer draw a call")
    if _normal(describe_call(call)["inputs"]) != _normal(finding.get("inputs") or {}):
        raise RebuildError("the recorded choices draw another input now (the strategy changed since the run)")
    return _capture(call, target, target_name, wanted, "replayed choices")


class _Found(Exception):
    pass


def _from_search(finding: dict, wanted: Outcome, replay: dict, examples: int = SEARCH_EXAMPLES) -> Rebuilt:
    """Draw the target's calls again (seeded), each in a child, until one dies the way the finding did."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings

    target_name = _target_name(finding, replay)
    try:
        target = resolve(target_name)
    except UnknownOp as e:
        raise RebuildError(str(e)) from None
    strategy = target.call_strategy("cpu")
    if strategy is None:
        raise RebuildError(f"{target_name} has no strategy to search")
    found = []

    @seed(0)
    @settings(max_examples=examples, database=None, deadline=None, suppress_health_check=list(HealthCheck), phases=[Phase.generate],
              verbosity=Verbosity.quiet, report_multiple_bugs=False)
    @given(strategy)
    def search(call):
        if matches(run_forked(lambda: call), wanted):
            found.append(call)
            raise _Found()

    try:
        search()
    except _Found:
        return _capture(found[0], target, target_name, wanted, f"searched {examples} draws")
    except Exception as e:  # noqa: BLE001: Hypothesis gave up drawing (Unsatisfiable and the like)
        raise RebuildError(f"the search over {target_name} failed ({type(e).__name__})") from None
    raise RebuildError(f"no call among {examples} fresh draws of {target_name} {wanted.text()}")


def _capture(call, target, target_name: str, wanted: Outcome, via: str) -> Rebuilt:
    """Run the call in a child that records each op's arguments; the op it died in, called alone, must die the same way.

    A signal the forked child does not repeat is tried once more in a fresh
    interpreter, on the last op the child entered (``run_spec``'s ``fresh``).
    """
    with tempfile.NamedTemporaryFile("r", suffix=".json") as record:
        outcome = run_forked(lambda: call, record_path=record.name)
        text = record.read()
    recorded = json.loads(text) if text else {}
    spec = CallSpec.from_json(recorded) if recorded and "unrecordable" not in recorded else None
    public = _public_sample(target, target_name, call)
    if not matches(outcome, wanted):
        fresh = heap_rebuild(spec, wanted) if spec is not None else None
        if fresh is None:
            raise RebuildError(f"the redrawn call {outcome.text()}, not {wanted.text()}")
        return dataclasses.replace(fresh, via=via + ", " + fresh.via, public_sample=public)
    if spec is None:
        raise RebuildError(f"the crashing call of {outcome.op} cannot be rebuilt: {recorded.get('unrecordable', 'nothing recorded')}")
    alone = run_spec(spec)
    if not alone.same(outcome):
        fresh = heap_rebuild(spec, wanted)
        if fresh is not None:
            return dataclasses.replace(fresh, via=via + ", " + fresh.via, public_sample=public)
        raise RebuildError(f"the captured call of {outcome.op}, called alone with no dispatch mode, {alone.text()}, "
                           f"while under a dispatch mode it {outcome.text()}")
    return Rebuilt(spec, alone, via, public)


def _public_sample(target, target_name: str, call) -> str:
    if target.kind == "opinfo" and not any(part.startswith("_") for part in target_name.split(".")):
        return f"OpInfo `{target_name}` sample: {call!r}"
    return ""


def heap_rebuild(spec: CallSpec, wanted: Outcome) -> Rebuilt | None:
    """A signal the call does not repeat alone in a forked child: guarded buffers first (deterministic, and a fork is
    cheap), then fresh interpreters."""
    return guarded_rebuild(spec, wanted) or fresh_rebuild(spec, wanted)


def guarded_rebuild(spec: CallSpec, wanted: Outcome) -> Rebuilt | None:
    """``spec`` with every strided buffer ending at an inaccessible page (``guard``), when it then faults in its own op; else None.

    For a signal a call does not repeat alone, or not the same way in every
    environment: heap damage, a write past a buffer that the allocator
    notices later, or not at all. Guarded, the write faults in the kernel:
    SIGSEGV, whichever signal the damage happened to raise in the fuzz run.
    The repro then dies the same way everywhere, at the bug.
    """
    if wanted.kind != "signal":
        return None
    candidate = guarded_spec(spec)
    if candidate is None:
        return None
    outcome = run_spec(candidate)
    if outcome.kind != "signal" or outcome.op != spec.op or run_spec(spec).same(outcome):
        return None  # not a fault in this op, or one the call makes without the guard (a crash of its own, not a write past a buffer)
    return Rebuilt(candidate, outcome, f"its buffers ending at an inaccessible page: the write past one faults ({wanted.what} in the run)")


def guarded_spec(spec: CallSpec) -> CallSpec | None:
    """Every strided buffer of ``spec`` (sparse parts too) guarded; None when none can be."""

    def guard_all(v: TensorSpec) -> TensorSpec:
        if v.layout != "strided":
            return v.replace(parts=tuple(guard_all(p) for p in v.parts))
        return v.replace(guarded=True) if v.quant is None and v.buffer_numel > 0 else v

    out = spec
    for where, v in _arg_leaves(spec):
        if isinstance(v, TensorSpec):
            out = _replace(out, where, guard_all(v))
    return None if out == spec else out


def fresh_rebuild(spec: CallSpec, wanted: Outcome) -> Rebuilt | None:
    """``spec`` (a crashing call a forked child did not repeat, or whose fork-shrunk repro returns alone) rebuilt to
    die as wanted in a fresh interpreter; else None.

    A call that writes past its buffer may land in the allocator's slack and
    die only where the heap was already busy (a fuzz worker): it is tried as
    recorded, then made ``REPEATS`` times (a later call meets the damage an
    earlier one left), then with every tensor ``GROWTH`` times larger; shrinking then
    finds the smallest that dies.
    """
    if wanted.kind != "signal" or not spec.op.startswith("aten::"):  # a custom op's repro needs its definition: forked children only
        return None
    tries = [(spec, 1, "in a fresh interpreter"), (spec, REPEATS, f"called {REPEATS} times in a fresh interpreter")]
    tries += [(_grown(spec, factor), 1, f"{factor}x larger, in a fresh interpreter") for factor in GROWTH]
    for candidate, repeat, how in tries:
        if candidate is None:
            continue
        outcome = run_spec(candidate, fresh=True, repeat=repeat)
        if matches(outcome, wanted):
            return Rebuilt(candidate, outcome, how, fresh=True, repeat=repeat)
    return None


def _grown(spec: CallSpec, factor: int) -> CallSpec | None:
    """Every dense tensor built by a fill rule with each non-empty dim ``factor`` times longer; None when none is."""
    grown = spec
    for where, v in _arg_leaves(spec):
        if isinstance(v, TensorSpec) and v.layout == "strided" and v.fill != "values" and v.stride is None and v.quant is None \
                and v.numel > 0:
            grown = _replace(grown, where, v.replace(shape=tuple(d * factor for d in v.shape)))
    return None if grown == spec else grown


def _normal(value):
    return json.loads(json.dumps(value, sort_keys=True, default=str))


def _from_description(finding: dict, wanted: Outcome) -> Rebuilt:
    """Tensors built from the finding's dtype/shape/stride description, each fill tried: for calls of an overload."""
    called = finding.get("called_op") or ""
    op = catalog.overload_from_name(called) if "::" in called else None
    if op is None:
        raise RebuildError(f"{called or '?'} is not an overload: its arguments cannot be rebuilt from their description")
    inputs = finding.get("inputs") or {}
    tried = []
    for fill in FILLS[:3]:
        try:
            spec = spec_from_description(op, inputs, fill)
        except SpecError as e:
            raise RebuildError(f"cannot rebuild the arguments from their description ({e})") from None
        outcome = run_spec(spec)
        if matches(outcome, wanted):
            return Rebuilt(spec, outcome, "input description")
        fresh = heap_rebuild(spec, wanted)
        if fresh is not None:
            return dataclasses.replace(fresh, via="input description, " + fresh.via)
        tried.append(f"{fill}: {outcome.text()}")
    raise RebuildError("rebuilt from the input description, it does not crash the same way (" + "; ".join(tried) + ")")


_LITERAL_TYPES = ("ScalarType", "Layout", "MemoryFormat", "Device")


def spec_from_description(op: OpOverload, inputs: dict, fill: str) -> CallSpec:
    """A CallSpec from ``findings.describe_value`` output: shapes, strides and scalars as described, values by ``fill``."""
    args, kwargs = [], {}
    positional = True
    for a in op._schema.arguments:
        if a.name not in inputs:
            if not a.has_default_value():
                raise SpecError(f"argument {a.name!r} is not described")
            positional = False
            continue
        value = _from_described(inputs[a.name], str(a.type), fill)
        if positional and not a.kwarg_only:
            args.append(value)
        else:
            kwargs[a.name] = value
    return CallSpec(catalog.qualified_name(op), tuple(args), kwargs)


def _from_described(v, type_text: str, fill: str):
    if isinstance(v, dict) and v.get("tensor"):
        if v.get("layout", "strided") != "strided" or v.get("qscheme") or v.get("device", "cpu") != "cpu":
            raise SpecError(f"a {v.get('layout')} {v.get('qscheme') or ''} tensor on {v.get('device')}".replace("  ", " "))
        shape = tuple(v["shape"])
        grad = bool(v.get("requires_grad"))  # kernels may branch on it (as_strided_scatter's contiguity assert)
        t = TensorSpec(v["dtype"], shape, fill, stride=tuple(v["stride"]) if "stride" in v else None, offset=v.get("storage_offset", 0),
                       requires_grad=grad)
        contiguous = TensorSpec(v["dtype"], shape, fill, requires_grad=grad)
        if t.offset == 0 and (t.stride is None or torch.empty(shape).stride() == t.stride or t.numel == 0):
            return contiguous
        return t
    if isinstance(v, list):
        return [_from_described(x, type_text, fill) for x in v]
    if isinstance(v, str) and v.startswith("torch.") and any(k in type_text for k in _LITERAL_TYPES):
        return Literal(v)
    if isinstance(v, str) and any(k in type_text for k in _LITERAL_TYPES):
        return Literal("torch." + v) if "Device" not in type_text else Literal(f"torch.device({v!r})")
    return v


# ---------------------------------------------------------------- shrinking


def shrink_crash(spec: CallSpec, outcome: Outcome, *, max_tries: int | None = None, also=None, fresh: bool = False,
                 repeat: int = 1) -> ShrinkResult:
    """Fewer dims, smaller sizes, simpler dtype, defaults (``shrink.candidates``): each kept only if it dies the same way.

    ``fresh``: each candidate runs in a fresh interpreter (``run_spec``), for
    a call that dies only there (made ``repeat`` times); fewer tries, as each
    costs about a second.

    ``also(candidate)``, asked only of candidates that die the same way (it
    may be slow: ``crash_groups`` checks the native frame with it), must
    hold too.
    """
    seen: dict = {}
    if max_tries is None:
        max_tries = FRESH_SHRINK_TRIES if fresh else SHRINK_TRIES

    def check(candidate: CallSpec) -> bool:
        key = json.dumps(candidate.as_json(), sort_keys=True, default=str)
        if key not in seen:
            try:
                candidate.build()  # a candidate the spec cannot even build (a size its values no longer fill) is no answer
            except (SpecError, RuntimeError, ValueError, TypeError):
                seen[key] = False
            else:
                seen[key] = run_spec(candidate, fresh=fresh, repeat=repeat).same(outcome) and (also is None or also(candidate))
        return seen[key]

    return shrink_with(spec, check, max_tries=max_tries, propose=_crash_candidates)


def _crash_candidates(spec: CallSpec):
    """A tensor list one element shorter first (``_foreach_*``, ``cat``), then the ownership shrinker's candidates."""
    for i, a in enumerate(spec.args):
        if isinstance(a, list) and len(a) > 1 and all(isinstance(x, TensorSpec) for x in a):
            for j in range(len(a)):
                yield CallSpec(spec.op, spec.args[:i] + (a[:j] + a[j + 1 :],) + spec.args[i + 1 :], dict(spec.kwargs))
    for k, a in spec.kwargs.items():
        if isinstance(a, list) and len(a) > 1 and all(isinstance(x, TensorSpec) for x in a):
            for j in range(len(a)):
                yield CallSpec(spec.op, spec.args, {**spec.kwargs, k: a[:j] + a[j + 1 :]})
    yield from _guards_dropped(spec)
    yield from _joint_resizes(spec)
    yield from _dims_dropped(spec)
    yield from candidates(spec)


def _guards_dropped(spec: CallSpec):
    """One guarded buffer (a sparse tensor's part too) unguarded: the repro keeps only the guard the fault needs."""

    def unguarded(v: TensorSpec):
        if v.layout != "strided":
            for i, p in enumerate(v.parts):
                for new in unguarded(p):
                    yield v.replace(parts=v.parts[:i] + (new,) + v.parts[i + 1 :])
        elif v.guarded:
            yield v.replace(guarded=False)

    for where, v in _arg_leaves(spec):
        if isinstance(v, TensorSpec):
            for new in unguarded(v):
                yield _replace(spec, where, new)


def _dims_dropped(spec: CallSpec):
    """A dim fewer even where it has size 0 (``shrink.resized`` keeps those: it selects index 0), for tensors without literal values."""
    for where, v in _arg_leaves(spec):
        if isinstance(v, TensorSpec) and v.fill != "values" and v.stride is None and v.quant is None and 0 in v.shape:
            for d in range(len(v.shape)):
                yield _replace(spec, where, v.replace(shape=v.shape[:d] + v.shape[d + 1 :]))


def _joint_resizes(spec: CallSpec):
    """Every tensor of one shape resized together (``self`` and its ``mask``), where each alone no longer fits the other."""
    leaves = [(w, v) for w, v in _arg_leaves(spec) if isinstance(v, TensorSpec)]
    shapes = {}
    for w, v in leaves:
        shapes.setdefault(v.shape, []).append((w, v))
    for shape, same in shapes.items():
        if len(same) < 2 or any(v.stride is not None or v.fill == "values" or v.quant is not None for _, v in same):
            continue
        for new in resized(same[0][1]):
            joint = spec
            for w, v in same:
                joint = _replace(joint, w, v.replace(shape=new.shape))
            yield joint


# ---------------------------------------------------------------- the expect file


def file_name(aten_op: str, outcome: Outcome, variant: str = "") -> str:
    """``aten::range.out`` dying with SIGFPE -> ``aten.range.out--crash-sigfpe.py``; an assert: ``--internal_assert-<hash>``.

    ``variant`` tells apart two groups of one op and signal (another native frame).
    """
    base = aten_op.replace("::", ".", 1) + "--"
    if outcome.kind == "assert":
        name = base + INTERNAL_ASSERT + "-" + hashlib.sha256(outcome.what.encode()).hexdigest()[:8]
    else:
        name = base + CRASH + "-" + outcome.what.lower().replace(" ", "")
    return name + (f"-{variant}" if variant else "") + ".py"


def frame_variant(frame: str) -> str:
    return hashlib.sha256(frame.encode()).hexdigest()[:6] if frame else ""


def script_source(spec: CallSpec, *, definition: str | None = None, definition_from: str = "", call_text: str = "",
                  repeat: int = 1) -> str:
    """Build the inputs, call the overload (or ``call_text``, a public call spelled with the same names): the lines a maintainer pastes.

    ``repeat`` > 1 makes the call in a loop: for heap damage that only a later call meets.
    """
    names = catalog.classify(spec.overload).arg_names
    lines = ["import torch", ""]
    if spec.guarded:
        lines += ["", guard.SOURCE.rstrip(), "", ""]
    if definition:
        lines += [f"# ---- the op under test, from {definition_from or 'its definition'} ----", definition.rstrip(),
                  "# ---- end of the op's definition ----", ""]
    call_args = []
    inputs: list = []
    for i, a in enumerate(spec.args):
        call_args.append(_bind(lines, names[i] if i < len(names) else f"arg{i}", a, inputs))
    for k, a in spec.kwargs.items():
        call_args.append(f"{k}=" + _bind(lines, k, a, inputs))
    call = call_text or f"{op_source(spec)}({', '.join(call_args)})"
    if repeat > 1:
        lines += [f"for _ in range({repeat}):  # a later call meets the heap damage an earlier one left", "    " + call]
    else:
        lines.append(call)
    return "\n".join(lines) + "\n"


def call_arguments(spec: CallSpec) -> tuple[list, list]:
    """How the script spells each argument: (positional texts, keyword texts), tensors by their variable names."""
    names = catalog.classify(spec.overload).arg_names
    scratch: list = []
    pos = [_bind(scratch, names[i] if i < len(names) else f"arg{i}", a, []) for i, a in enumerate(spec.args)]
    kw = [f"{k}=" + _bind(scratch, k, a, []) for k, a in spec.kwargs.items()]
    return pos, kw


def render(meta: dict, code: str, expected: str) -> str:
    title = f"{meta['aten_op']} {meta['outcome_text']} on torch {meta['torch_version']}."
    public = meta.get("public") or "none found: only a direct call of the overload reaches it"
    header = [
        f"# opprop crash repro: {title}",
        f"# Run it with nothing but torch: python {file_name(meta['aten_op'], Outcome.from_json(meta['outcome']), meta.get('file_variant', ''))}",
        "# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).",
        f'"""{title}',
        "",
        f"Public entry point: {public}",
        '"""',
        "",
        "OPPROP = " + pprint.pformat(meta, width=110, sort_dicts=False),
        "",
        "# ---- the repro ----",
    ]
    return "\n".join(header) + "\n" + code + f'\n\nEXPECTED = """{expected}\n"""\n'


def write(directory, spec: CallSpec, outcome: Outcome, *, example: dict, public: str = "", definition: str | None = None,
          definition_from: str = "", runs: int = 1, frame: str = "", variant: str = "", repeat: int = 1,
          fresh: bool = False) -> Path:
    """Write the expect file and check it dies the same way ``runs`` times in a fresh interpreter; raise otherwise.

    ``fresh`` (heap damage, shrunk in fresh interpreters): where the damage
    lands depends on what the process allocated first (the file's own header,
    its environment: another shell, pytest, warnings shown), so the file must
    die in each of ``HEAP_ENVS``. One that returns is
    written again making the call ``REPEATS`` times, then ``GROWTH`` times
    larger: more damage, seen wherever it lands.
    """
    from opprop.reduce import expectfile

    path = Path(directory) / file_name(spec.op, outcome, variant)
    path.parent.mkdir(parents=True, exist_ok=True)
    attempts = [(spec, repeat)]
    if fresh:
        attempts += [(spec, REPEATS)] if repeat < REPEATS else []
        attempts += [(grown, REPEATS) for grown in (_grown(spec, factor) for factor in GROWTH) if grown is not None]
    for written, calls in attempts:
        meta = {
            "format": expectfile.FORMAT,
            "aten_op": written.op,
            "invariant": INTERNAL_ASSERT if outcome.kind == "assert" else CRASH,
            "outcome": outcome.as_json(),
            "outcome_text": outcome.text(),
            "torch_version": torch.__version__,
            "torch_git_version": torch.version.git_version,
            "found_on": datetime.date.today().isoformat(),
            "public": public,
            "frame": frame,
            "file_variant": variant,
            "example": example,
            "repro": written.as_json(),
        }
        if calls > 1:
            meta["repeat"] = calls
        code = script_source(written, definition=definition, definition_from=definition_from, repeat=calls)
        path.write_text(render(meta, code, outcome.expected_text()))
        got = next((g for g in (fresh_outcome(path, env=env) for _, env in itertools.product(range(runs), HEAP_ENVS if fresh else ({},)))
                    if g != outcome.expected_text()), None)
        if got is None:
            return path
        path.unlink()
    raise expectfile.ExpectFileError(f"{path}: run alone it {got}, not {outcome.expected_text()}")


def fresh_outcome(path, *, env: dict | None = None) -> str:
    """Run the script in a fresh interpreter (with ``env`` added to its environment); the EXPECTED text for how it ended."""
    from opprop.reduce.expectfile import run_script

    out = run_script(path, extra_env=env)
    return outcome_of_process(out.returncode, out.stderr)


def outcome_of_process(returncode: int, stderr: str) -> str:
    return outcome_from_process(returncode, stderr, "").expected_text()


# ---------------------------------------------------------------- the faulting native frame

_RUNTIME_LIBS = ("libc.", "libc-", "libm.", "ld-linux", "libstdc++", "libgcc", "libpthread", "libgomp")
# libc's own (e.g. __libc_message) and the interpreter's (its allocator notices heap damage a kernel did earlier)
_RUNTIME_FUNCTIONS = ("raise", "abort", "__", "pthread_kill", "malloc", "free", "_int_", "cfree", "??", "_Py", "Py")


def native_frame(script: str, *, timeout: float = 120.0) -> str:
    """The first non-runtime native frame (function and library) where ``script`` dies, read by gdb; "" without gdb.

    Python 3.11's faulthandler prints Python frames only, so the native
    frame comes from running the script once under ``gdb -batch``: about a
    second, cheap next to shrinking. libc, libstdc++ and the like are
    skipped, so an abort is charged to the torch frame that called it.
    """
    gdb = shutil.which("gdb")
    if gdb is None:
        return ""
    with tempfile.NamedTemporaryFile("w", suffix=".py") as fh:
        fh.write(script)
        fh.flush()
        try:
            out = subprocess.run([gdb, "-q", "-nx", "-batch", "-ex", "run", "-ex", "bt 24", "--args", sys.executable, fh.name],
                                 capture_output=True, text=True, timeout=timeout, env=dict(os.environ, PYTHONWARNINGS="ignore"))
        except (subprocess.TimeoutExpired, OSError):
            return ""
    return first_native_frame(out.stdout)


def first_native_frame(backtrace: str) -> str:
    """``at::native::_pad_chunk (libtorch_cpu.so)`` from gdb's ``bt`` lines."""
    for line in backtrace.splitlines():
        m = re.match(r"#\d+\s+(?:0x[0-9a-f]+ in )?(.*?) \(.*\)(?: from (\S+)| at (\S+))?\s*$", line)
        if not m:
            continue
        function = _function_name(m.group(1))
        library = os.path.basename(m.group(2) or "")
        if not function or library.startswith(_RUNTIME_LIBS) or function.startswith(_RUNTIME_FUNCTIONS):
            continue
        return f"{function} ({library})" if library else function
    return ""


def _function_name(text: str) -> str:
    """``at::native::(anonymous namespace)::f<float>(at::Tensor&)`` -> ``at::native::{anonymous}::f``."""
    text = text.replace("(anonymous namespace)", "{anonymous}")
    out, depth = [], 0
    for c in text:
        if c == "<":
            depth += 1
        elif c == ">" and depth:
            depth -= 1
        elif depth == 0:
            if c == "(":
                break
            out.append(c)
    return "".join(out).strip().split(" ")[-1]  # a template's frame starts with its return type
