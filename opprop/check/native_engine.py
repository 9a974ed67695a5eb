"""The native engine: opprop's output checks in C++ at the Fake dispatch key, with no Python per call.

``NativeChecks`` is a block (a context manager, per thread, as a dispatch mode
is): on entry it includes the ``Fake`` key in this thread's dispatch TLS, so the
fallback of ``dispatch_hook.cpp`` meets every call where a TorchDispatchMode
would (below autograd and ADInplaceOrView, above the backends: in-place, out=
and view ops included, and inference tensors too, which a mode passes unread);
on exit it takes the key out and drains what the calls found. Off, it costs
nothing: no kernel is registered on any op's path while the key is not included
(``benchmarks/native_routes.py`` measures it).

What it checks: ``COVERED``, the four invariants read from the outputs
(tensorimpl_use_count, storageimpl_use_count, returns_input, undeclared_alias),
with the Python invariants' ids, output indices and details. What it does not:
the other invariants (byte snapshots, view_copies, the outer contract), and
calls it declines (a subclass, fake or functional tensor, sparse or nested, not
on CPU), which it counts per (op, reason) in ``not_checked``: never a silent pass.

The ``Fake`` key is one torch 2.13 reserves for a C++ FakeTensor mode and
registers nothing on; ``dispatch_hook.load`` refuses it (``why_not``) where
anything else is registered there.
"""
from __future__ import annotations

from opprop.check import dispatch_hook
from opprop.check.findings import Finding

COVERED = ("tensorimpl_use_count", "storageimpl_use_count", "returns_input", "undeclared_alias")


class Unavailable(RuntimeError):
    """The native engine cannot run here; the message says why (no compiler, the Fake key taken)."""


def available() -> str | None:
    """None when the engine can run here, else why not (one line)."""
    return None if dispatch_hook.load() is not None else dispatch_hook.why_not


class NativeChecks:
    """One block of native checks in this thread; ``findings`` and ``not_checked`` are filled at exit."""

    def __init__(self, called_op: str = "user code"):
        hook = dispatch_hook.load()
        if hook is None:
            raise Unavailable(f"the native engine is not available: {dispatch_hook.why_not}")
        self.hook = hook
        self.called_op = called_op
        self.findings: list[Finding] = []
        self.not_checked: dict[tuple[str, str], int] = {}  # (op, reason) -> calls passed through unchecked
        self._prior = None

    def __enter__(self) -> "NativeChecks":
        self.hook.drain()  # (what an earlier block in this process left is not this block's)
        self.hook.take_declined()
        self._prior = self.hook.include("fake", True)
        return self

    def __exit__(self, *exc) -> bool:
        self.hook.include("fake", self._prior)
        self.collect()
        return False

    def collect(self) -> None:
        """Take what the calls found so far into ``findings`` and ``not_checked``."""
        for op, invariant, output, key, value, _route in self.hook.drain():
            self.findings.append(Finding(aten_op=op, called_op=self.called_op, invariant=invariant, output_index=output,
                                         detail={key: value}, inputs={}))
        for where, n in self.hook.take_declined().items():
            self.not_checked[where] = self.not_checked.get(where, 0) + n


def findings_of(fn, *args, **kwargs) -> tuple[object, list[Finding], dict]:
    """``fn(*args, **kwargs)`` under the native checks: its result, the findings, and the calls not checked."""
    with NativeChecks(getattr(fn, "__name__", str(fn))) as block:
        result = fn(*args, **kwargs)
    return result, block.findings, block.not_checked
