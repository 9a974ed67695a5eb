"""One run of a crashing call: in a child forked from this process, or in fresh interpreters; how it ended, in which op.

A segfault, abort or floating-point exception kills the process it happens
in, so every run of a crashing call happens in a forked child
(``opprop.core.child_process``). The child writes the name of each ATen op
it enters into a shared page, so when it dies the parent knows in which op.
"""
from __future__ import annotations

import json
import mmap
import os
import signal
import tempfile
from pathlib import Path

import torch
from torch._ops import OpOverload
from torch.utils._python_dispatch import TorchDispatchMode

from opprop.check import catalog
from opprop.core import child_process, quantized_engine
from opprop.core.calls import from_spec
from opprop.core.child_process import run_script
from opprop.core.outcomes import ASSERT_MARK
from opprop.core.specs import CallSpec, SpecError, describe
from opprop.reduce.crash_outcome import Outcome, assert_key, outcome_from_process
from opprop.reduce.crash_script import definition_of, script_source

CHILD_TIMEOUT_S = 30.0
REPEATS = 10  # calls in a row when one call's heap damage shows only at a later one (10: robust to what the file's header allocates)
# The environments a heap-damage repro must die in: where the damage lands depends on what the process allocated
# before the call (a larger environment from another shell or pytest; warnings printed or not, as `python file.py` prints them).
HEAP_ENVS = ({}, {"OPPROP_HEAP_PAD": "x" * 1000}, {"OPPROP_HEAP_PAD": "x" * 5000}, {"PYTHONWARNINGS": "default"})
OP_BYTES = 512  # the shared page: the op entered last, then the child's verdict as JSON
PAGE = 8192


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
                spec = CallSpec(name, tuple(describe(a, grad=True) for a in args), {k: describe(v, grad=True) for k, v in kwargs.items()},
                                quantized_engine.recorded())
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
    """The forked child: the call, and its verdict in the page (a crash here is the answer, not something to print)."""
    verdict = {"kind": "error", "what": "the child ended early"}
    try:
        for s in (signal.SIGSEGV, signal.SIGFPE, signal.SIGABRT, signal.SIGBUS, signal.SIGILL):
            signal.signal(s, signal.SIG_DFL)
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
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


def run_forked(prepare, *, timeout: float = CHILD_TIMEOUT_S, record_path: str | None = None, op: str | None = None) -> Outcome:
    """Run ``prepare()()`` in a forked child; how it ended, and in which op.

    ``op`` names the overload the call is, for a direct call: it then runs
    with no dispatch mode. Otherwise a mode notes each op the call enters
    (and, with ``record_path``, its arguments): the last one is where it died.
    """
    page = mmap.mmap(-1, PAGE)  # anonymous and shared: the child's writes are ours to read
    end = child_process.run(lambda: _child(page, prepare, record_path, op), timeout=timeout)
    entered = page[0:OP_BYTES].rstrip(b"\0").decode(errors="replace")
    if end.timed_out:
        return Outcome("timeout", f"{timeout:g} s", entered)
    if end.signal is not None:
        return Outcome("signal", end.signal_name, entered)
    raw = page[OP_BYTES:PAGE].split(b"\0", 1)[0]
    if end.code != 0 or not raw:
        return Outcome("exit", f"exit code {end.code}", entered)
    verdict = json.loads(raw)
    return Outcome(verdict["kind"], verdict.get("what", ""), entered if verdict["kind"] != "returned" else "")


def run_spec(spec: CallSpec, *, timeout: float = CHILD_TIMEOUT_S, fresh: bool = False, call_text: str = "", repeat: int = 1,
             definitions=None) -> Outcome:
    """The spec's overload called directly on freshly built inputs: in a forked child, or (``fresh``) a fresh interpreter.

    A fork inherits this process's heap, so a call that corrupts the heap
    (writes past a buffer, frees a pointer it does not own) may die in a
    fresh interpreter, where glibc's checks see the damage, and return in a
    fork, where the damage lands somewhere harmless. ``fresh`` runs the
    repro script itself, as ``opprop replay`` will, in environments of
    several shapes (``HEAP_ENVS``: where damage lands depends on them) (with ``call_text`` in
    place of the overload's call: a public call of the same arguments),
    making the call ``repeat`` times; the script defines or imports what
    registers the op (``definitions``, as the repro does).
    """
    if fresh:
        return _run_fresh(spec, timeout, call_text, repeat, definitions)

    def prepare():
        return from_spec(spec)  # built, and called, under the spec's quantized engine

    return run_forked(prepare, timeout=timeout, op=spec.op)


def _run_fresh(spec: CallSpec, timeout: float, call_text: str = "", repeat: int = 1, definitions=None) -> Outcome:
    """The script run in fresh interpreters, once per ``HEAP_ENVS``: a crash counts only if every run ends the same way."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "repro.py"
        definition, source = definition_of(definitions, spec.op)
        path.write_text(script_source(spec, call_text=call_text, repeat=repeat, definition=definition, definition_from=source))
        first = None
        for env in HEAP_ENVS:
            out = run_script(path, timeout=timeout, extra_env=env)
            outcome = outcome_from_process(out.returncode, out.stderr, spec.op)
            if first is None:
                first = outcome
            if not outcome.crashes or not outcome.same(first):
                return outcome  # it returned (or ended otherwise) in one of the environments
    return first
