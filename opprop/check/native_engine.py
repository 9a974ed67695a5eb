"""The native engine: opprop's output checks in C++ at the Fake dispatch key, with no Python per call.

``NativeChecks`` is a block (a context manager, per thread, as a dispatch mode
is): on entry it includes the ``Fake`` key in this thread's dispatch TLS, so the
fallback of ``dispatch_hook.cpp`` meets every call where a TorchDispatchMode
would (below autograd and ADInplaceOrView, above the backends: in-place, out=
and view ops included, and inference tensors too, which a mode passes unread);
on exit it takes the key out and drains what the calls found. Off, it costs
nothing: no kernel is registered on any op's path while the key is not included
(``benchmarks/overhead.py`` times the op set with the fallback registered and the key out).

What it checks: ``COVERED``, every invariant the dispatch mode checks
(tensorimpl_use_count, storageimpl_use_count, returns_input, undeclared_alias,
undeclared_mutation, storage_replaced, view_copies, written_not_returned), with the Python invariants'
ids, output indices and details; the byte snapshots are taken and compared in C++
by the compiled hot path's rules (``hot_path_bytes.h``). What it does not: the
outer contract (``check/outer.py``, around a whole target call), and calls it
declines (a subclass, fake or functional tensor, sparse or nested, not on CPU, a
sub-byte dtype), which it hands, in the same block, to the Python checks of
one call (``PythonChecks``: InvariantMode's own), so the block's findings
include theirs; ``taken_over`` counts them per (op, reason). What the Python
mode leaves unread too (a subclass, fake or functional tensor, symbolic
sizes) and a call with an output it declines (read only after the call) are
counted per (op, reason) in ``not_checked``: never a silent pass. An error of opprop's own in the C++ checks is counted too
(``internal_errors``: the first one's message), and the call's result stands.

Findings go to the block's own ledger, set for this thread on entry: two threads,
each in a block, never see each other's findings. A block nested in another hands
what it found on to the outer one at exit, as nested dispatch modes both see a call.

The ``Fake`` key is one torch 2.13 reserves for a C++ FakeTensor mode and
registers nothing on; ``dispatch_hook.load`` refuses it (``why_not``) where
anything else is registered there.
"""
from __future__ import annotations

import threading

from opprop.check import compile_watch, dispatch_hook
from opprop.check.findings import Finding, InternalError
from opprop.check.mode import InvariantMode
from opprop.core.opnames import overload_from_name

COVERED = ("tensorimpl_use_count", "storageimpl_use_count", "returns_input", "undeclared_alias", "undeclared_mutation",
           "storage_replaced", "view_copies", "written_not_returned")


# What the Python mode passes through unread as well (walk.Unread): counted in ``not_checked``, no record.
UNREAD = "subclass, fake or functional tensor (unread, as by the Python mode)"
# How a declined output's reason starts (dispatch_hook_checks.h): read after the call ran, too late to hand it over.
OUTPUT_DECLINED = "an output: "

# Checked around a whole target call (opprop check, check/outer.py), never inside a block by either engine.
OUTSIDE_BLOCKS = ("outer_contract",)


def not_covered(selected) -> tuple:
    """Of the invariants a block selects, those the Python mode would check in it and this engine does not."""
    return tuple(i for i in selected if i not in COVERED and i not in OUTSIDE_BLOCKS)


UNAVAILABLE = "the native engine is not available"  # how every message saying so starts (checking(), the plugin)


class Unavailable(RuntimeError):
    """The native engine cannot run here; the message says why (no compiler, the Fake key taken)."""


def available() -> str | None:
    """None when the engine can run here, else why not (one line)."""
    return None if dispatch_hook.load() is not None else dispatch_hook.why_not


_fake_only = None  # a DispatchKeySet of the Fake key alone (Python's DispatchKey enum has no name for it)


class _KeysWithoutFake:
    """``HigherOrderOperator.non_fallthrough_keys``, kept without the Fake key whenever it is set: a higher-order op
    made at any time (inside an open block too) falls through the key, as ``fallthrough(key)`` would make it."""

    def __get__(self, op, owner=None):
        if op is None:
            return self
        try:
            return op.__dict__["non_fallthrough_keys"]
        except KeyError:
            raise AttributeError("non_fallthrough_keys") from None

    def __set__(self, op, keys) -> None:
        op.__dict__["non_fallthrough_keys"] = keys - _fake_only


def _higher_order_ops_fall_through(hook) -> None:
    """Every higher-order op falls through the Fake key, as ``HigherOrderOperator.fallthrough(key)`` makes it.

    A higher-order op (torch.cond, while_loop, map) dispatches in Python on the
    keys of its tensors and of this thread's TLS: with the Fake key included it
    looks for a kernel there, finds none and raises where plain code runs. Falling
    through it, the op runs as without the engine (its inner ops checked below).
    torch registers nothing on the Fake key (``dispatch_hook.load`` refuses to
    run otherwise), so no other code sees the difference. Done once: the ops made
    so far lose the key, and those made later are stored without it.
    """
    global _fake_only
    if _fake_only is not None:
        return
    import torch
    from torch._ops import HigherOrderOperator, _higher_order_ops  # torch's registry of them, the one place they are listed

    before = torch._C._dispatch_tls_local_include_set()
    prior = hook.include(True)
    fake_only = torch._C._dispatch_tls_local_include_set() - before
    hook.include(prior)
    if not prior:  # (read with the key not yet included: the set of it alone)
        _fake_only = fake_only
        HigherOrderOperator.non_fallthrough_keys = _KeysWithoutFake()
        for op in list(_higher_order_ops.values()):
            op.non_fallthrough_keys = op.non_fallthrough_keys  # stored again, through the descriptor: without the key


class _OneCall(InvariantMode):
    """InvariantMode's checks, called per declined call by ``PythonChecks``: each new finding notes the user's line."""

    def __init__(self, owner: "PythonChecks"):
        super().__init__(owner.called_op)
        self.owner = owner

    def _record(self, plan, call, args, kwargs, signature=None) -> None:
        start = len(self.findings)
        super()._record(plan, call, args, kwargs, signature)
        for finding in self.findings[start:]:  # (new findings only: a repeat is counted on its first)
            self.owner.where[id(finding)] = self.owner.site() if self.owner.site else ""


class PythonChecks:
    """The Python checks of one call, for each call a block's C++ checks decline (dispatch_hook_python.h hands it over).

    Each call runs through ``InvariantMode.__torch_dispatch__``, the Python
    mode's own checks (no mode is entered: the C++ fallback is where the call
    is), so a declined call gets the findings the Python engine would give.
    """

    def __init__(self, called_op: str, site):
        self.called_op, self.site = called_op, site
        self.mode: _OneCall | None = None  # made on the first declined call
        self.findings: list[Finding] = []
        self.where: dict = {}  # id(finding) -> its file:line
        self.taken: dict[tuple[str, str], int] = {}  # (op, reason) -> calls checked here
        self.internal_errors: list = []  # InternalError records of the Python checks

    def __call__(self, name: str, why: str, args: tuple, kwargs: dict) -> tuple:
        """(True, the op's result) once the checks ran it; (False, None): an overload Python cannot reach, not run."""
        func = overload_from_name(name)
        if func is None:
            return False, None
        if self.mode is None:
            self.mode = _OneCall(self)
        self.taken[(name, why)] = self.taken.get((name, why), 0) + 1
        return True, self.mode.__torch_dispatch__(func, (), args, kwargs)

    def close(self) -> None:
        """What the checks found, moved here from the mode."""
        if self.mode is not None:
            self.findings += self.mode.findings
            self.internal_errors += self.mode.internal_errors
            self.mode = None

    def adopt(self, inner: "PythonChecks") -> None:
        """A nested block's findings are its outer block's too (as the C++ ledgers' are)."""
        self.findings += inner.findings
        self.where.update(inner.where)
        self.internal_errors += inner.internal_errors
        for key, n in inner.taken.items():
            self.taken[key] = self.taken.get(key, 0) + n


_open = threading.local()  # per thread: the NativeChecks blocks open, innermost last


class NativeChecks:
    """One block of native checks in this thread; ``findings``, ``not_checked`` and ``internal_errors`` are filled at exit."""

    def __init__(self, called_op: str = "user code", site=None, count_reached: bool = False):
        hook = dispatch_hook.load()
        if hook is None:
            raise Unavailable(f"{UNAVAILABLE}: {dispatch_hook.why_not}")
        self.hook = hook
        self.called_op = called_op
        self.findings: list[Finding] = []
        self.not_checked: dict[tuple[str, str], int] = {}  # (op, reason) -> calls passed through unchecked
        self.internal_errors: list[str] = []  # opprop's own failures in the C++ checks (the calls' results stood)
        self.python = PythonChecks(called_op, site)  # the declined calls' checks
        self.taken_over: dict[tuple[str, str], int] = {}  # (op, reason) -> declined calls the Python checks took
        self.python_errors: list = []  # their InternalError records
        self.checked = 0
        self.site = site  # () -> the user's file:line, asked once per distinct finding (None: no line)
        self.where: dict = {}  # id(finding) -> its file:line
        self._block = None
        # count_reached (the exploration sessions'): ``reached``, calls per overload met, and ``raised_in``, the
        # overload whose call raised last with its message, as InvariantMode has them (else {} and None)
        self.count_reached = count_reached
        self.reached: dict[str, int] = {}
        self.raised_in: tuple[str, str] | None = None

    def __enter__(self) -> "NativeChecks":
        _higher_order_ops_fall_through(self.hook)
        compile_watch.watch()  # torch.compile's own calls pass through while it compiles
        blocks = _open.__dict__.setdefault("blocks", [])
        try:  # all or nothing: a Ctrl-C between the two steps must not leave the key included with no block to end it
            # one call: a ledger of its own, set for this thread, and the Fake key included
            self._block = self.hook.begin(self.site, self.python, self.count_reached)
            blocks.append(self)
        except BaseException:
            self._undo_enter()
            raise
        return self

    def _undo_enter(self) -> None:
        """What an interrupted ``__enter__`` did (or the enter of a block around it), undone: the thread as it was."""
        blocks = getattr(_open, "blocks", [])
        if self in blocks:
            blocks.remove(self)
        if self._block is not None:
            block, self._block = self._block, None
            self.hook.end(block)

    def __exit__(self, *exc) -> bool:
        # one call: the key's inclusion and the thread's blocks put back from those still open (blocks may end in any
        # order: generators, asyncio tasks), the orphans taken when this is the only block, the findings handed on to
        # the block open when this one began, and what it found, with the ledger closed
        block, self._block = self._block, None
        found, declined, (checked, errors, first), self.reached, self.raised_in = self.hook.end(block)
        blocks = _open.blocks
        at = blocks.index(self)
        del blocks[at]
        python = self.python
        python.close()
        if at > 0:
            blocks[at - 1].python.adopt(python)
        for op, invariant, output, detail, occurrences, where, described in found:
            finding = Finding(aten_op=op, called_op=self.called_op, invariant=invariant, output_index=output, detail=detail,
                              inputs=described, occurrences=occurrences)
            self.findings.append(finding)
            self.where[id(finding)] = where
        for finding in python.findings:
            self.findings.append(finding)
            self.where[id(finding)] = python.where.get(id(finding), "")
        self.taken_over, self.python_errors = python.taken, python.internal_errors
        self.not_checked = declined
        self.checked = checked
        if errors:
            self.internal_errors.append(f"{errors} call(s) with an error of opprop's own, the first: {first}")
        return False

    def records(self) -> list[InternalError]:
        """What the block could not check, as records (never silent): one for the calls it counted unchecked (not
        those the Python mode leaves unread too), one per error of its own, and the Python checks' own."""
        records = []
        declined = [(op, why) for op, why in self.not_checked if why != UNREAD]  # the Python mode reads these
        if declined:
            records.append(InternalError(
                "<native engine>", "declined", f"NotChecked: {sum(self.not_checked[k] for k in declined)} call(s) ran "
                "unchecked: " + ", ".join(f"{op} ({why})" for op, why in declined[:5]), ""))
        for error in self.internal_errors:  # opprop's own failures in the C++ checks: the results stood
            records.append(InternalError("<native engine>", "after the call", error, ""))
        return records + self.python_errors


def findings_of(fn, *args, **kwargs) -> tuple[object, list[Finding], dict]:
    """``fn(*args, **kwargs)`` under the native checks: its result, the findings, and the calls not checked."""
    with NativeChecks(getattr(fn, "__name__", str(fn))) as block:
        result = fn(*args, **kwargs)
    return result, block.findings, block.not_checked
