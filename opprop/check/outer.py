"""Outer contracts: a CompositeImplicitAutograd target checked around its whole call.

``runner.run_call`` asks ``start`` before the call; for a call of a
CompositeImplicitAutograd overload (``opprop check aten::X``, a custom CIA
op) it records the arguments' states, and ``finish`` reads the whole call's
outputs against the op's own schema (``invariants.outer_contract``). Any
other call gets None and pays one lookup. An error of opprop's own here is
an ``InternalError``, never the call's.
"""
from __future__ import annotations

from torch._ops import OpOverload

from opprop.check import catalog
from opprop.check.aliasing import CallAliasing, entry_storages
from opprop.check.findings import Finding, InternalError, captured_call, describe_arguments
from opprop.check.invariants import ObservedCall
from opprop.check.invariants.outer_contract import ID, INVARIANT
from opprop.check.readable import flat_outputs
from opprop.check.snapshots import DEFAULT_SNAPSHOT
from opprop.check.walk import Unread, tensor_arguments


class OuterCheck:
    """The arguments of one whole call, as they were before it; ``finish`` checks the call's outputs."""

    def __init__(self, call, kind, snapshot_data: str):
        self.call, self.kind = call, kind
        self.internal_errors: list[InternalError] = []
        self.unread = False  # a tensor the checks may not read (fake, functional): left unchecked, as the mode leaves it
        try:
            self.inputs = tensor_arguments(kind, call.args, call.kwargs)
            self.state = {ID: INVARIANT.before(self.inputs, kind, snapshot_data == "all")}
            self.entry = entry_storages(self.inputs, kind) if kind.mutable else None
        except Unread:
            self.unread = True
        except Exception:  # the call runs, checked by the mode alone; the record says the outer check did not
            self.internal_errors.append(InternalError.current(kind.name, "outer contract, before the call"))

    def finish(self, out) -> list[Finding]:
        if self.internal_errors or self.unread:
            return []
        try:
            outputs = flat_outputs(self.kind, out)
            if outputs is None:  # an output the checks may not read (a fake or functional tensor): not checked
                return []
            fn, args, kwargs = self.call.fn, self.call.args, self.call.kwargs
            observed = ObservedCall(self.kind, self.inputs, outputs, self.state, CallAliasing(fn, self.kind, args, kwargs, self.inputs, self.entry))
            found = list(INVARIANT.check(observed))
            if not found:
                return []
            described = describe_arguments(self.kind.arg_names, args, kwargs)
            captured = captured_call(self.kind.name, observed, args, kwargs)
            return [Finding(self.kind.name, self.call.target, ID, j, detail, dict(described), captured) for j, detail in found]
        except Exception:
            self.internal_errors.append(InternalError.current(self.kind.name, "outer contract, after the call"))
            return []


def start(call, *, snapshot_data: str = DEFAULT_SNAPSHOT, invariants=None) -> OuterCheck | None:
    """An ``OuterCheck`` when the call is of a CompositeImplicitAutograd overload and the outer contract is asked for."""
    fn = call.fn
    if not isinstance(fn, OpOverload) or (invariants is not None and ID not in invariants):
        return None
    try:
        kind = catalog.classify(fn)
        return OuterCheck(call, kind, snapshot_data) if kind.composite_implicit else None
    except Exception:  # a call opprop cannot read: it runs, checked by the mode alone
        return None
