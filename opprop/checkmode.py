"""Runs every ATen overload that reaches dispatch under the invariants.

``InvariantMode`` is a TorchDispatchMode, so a composite op is checked
through each kernel it calls. Per overload it asks the catalog, once, which
invariants apply and which inputs need a snapshot; per call it does only that.
"""
from __future__ import annotations

import ctypes

import torch
from torch._ops import OpOverload
from torch.utils._python_dispatch import TorchDispatchMode

from . import catalog, probe
from .findings import Finding, describe_arguments
from .invariants import CHECKS, ObservedCall


def same_data(before: torch.Tensor, after: torch.Tensor) -> bool:
    """Bitwise-ish equality that treats NaN as equal to NaN (what a mutation check needs)."""
    if before.is_quantized:
        return torch.equal(before.int_repr(), after.int_repr())
    if before.is_complex():
        before, after = torch.view_as_real(before), torch.view_as_real(after)
    if torch.equal(before, after):
        return True
    if before.is_floating_point():
        return bool(((before == after) | (before.isnan() & after.isnan())).all())
    return False


def _span_bytes(t: torch.Tensor) -> int:
    """Bytes from the first to the last element the tensor can address (strides are never negative)."""
    if t.numel() == 0:
        return 0
    last = sum((n - 1) * st for n, st in zip(t.size(), t.stride()))
    return (last + 1) * t.element_size()


class Snapshot:
    """What an input looked like before the call.

    Metadata always. Data: on CPU, the raw bytes the tensor spans, read with
    one memcpy (``ctypes.string_at``), far cheaper than a dispatcher clone
    and exact for NaNs; elsewhere a clone, only when ``with_data``.
    """

    __slots__ = ("size", "stride", "offset", "ptr", "version", "data", "raw")

    def __init__(self, t: torch.Tensor, with_data: bool):
        self.size = t.size()
        self.version = t._version
        self.data = self.raw = None
        if not probe.has_storage(t):
            self.stride = self.offset = self.ptr = None
            return
        self.stride = t.stride()
        self.offset = t.storage_offset()
        self.ptr = t.untyped_storage().data_ptr()
        if t.device.type == "cpu":
            n = _span_bytes(t)
            self.raw = ctypes.string_at(t.data_ptr(), n) if n else b""
        elif with_data:
            self.data = t.detach().clone()

    def changed(self, t: torch.Tensor) -> str | None:
        if t.size() != self.size:
            return "size"
        if self.stride is None:
            return None
        if t.stride() != self.stride:
            return "stride"
        if t.storage_offset() != self.offset:
            return "storage_offset"
        if t.untyped_storage().data_ptr() != self.ptr:
            return "storage"
        if self.raw is not None and ctypes.string_at(t.data_ptr(), len(self.raw)) != self.raw:
            return "data"
        if self.data is not None and not same_data(self.data, t):
            return "data"
        if t._version != self.version:
            return "version_counter"  # an in-place op ran on it
        return None


def _tensor_inputs(kind: catalog.OpKind, args, kwargs) -> list:
    found = []
    names = kind.arg_names
    n_args = len(args)
    for i in kind.tensor_args:
        value = args[i] if i < n_args else kwargs.get(names[i])
        if isinstance(value, torch.Tensor):
            found.append((i, value))
        elif isinstance(value, (list, tuple)):
            found.extend((i, v) for v in value if isinstance(v, torch.Tensor))
    return found


def _flat_outputs(kind: catalog.OpKind, out) -> list:
    if isinstance(out, torch.Tensor):
        return [(0, out)]
    if out is None:
        return [(0, None)] if kind.n_returns else []
    if isinstance(out, (tuple, list)):
        if kind.n_returns == 1:  # a single Tensor[] return
            return [(0, t) for t in out if t is None or isinstance(t, torch.Tensor)]
        found = []
        for j, o in enumerate(out):
            if o is None or isinstance(o, torch.Tensor):
                found.append((j, o))
            elif isinstance(o, (list, tuple)):
                found.extend((j, t) for t in o if t is None or isinstance(t, torch.Tensor))
        return found
    return []


class InvariantMode(TorchDispatchMode):
    """Checks the invariants at every ATen overload that reaches dispatch.

    Inputs the schema marks mutable are never snapshotted. On CPU every other
    tensor input gets a byte snapshot (one memcpy). On other devices a data
    snapshot costs a device copy, so ``snapshot_data="schema"`` takes one only
    for ops that write some argument (where a write to the wrong tensor is
    the likely bug) and ``"all"`` for every op.
    """

    def __init__(self, called_op: str, *, snapshot_data: str = "schema", invariants=None):
        super().__init__()
        if snapshot_data not in ("schema", "all"):
            raise ValueError(f"snapshot_data must be 'schema' or 'all', not {snapshot_data!r}")
        probe.validate()
        self.called_op = called_op
        self.snapshot_all = snapshot_data == "all"
        self.only = None if invariants is None else frozenset(invariants)
        self.findings: list[Finding] = []
        self.reached: dict[str, int] = {}
        self._plans: dict = {}

    def _plan(self, func):
        kind = catalog.classify(func)
        checks = tuple(
            (inv, CHECKS[inv]) for inv in kind.invariants if self.only is None or inv in self.only
        )
        watch_mutation = catalog.UNDECLARED_MUTATION in dict(checks)
        with_data = self.snapshot_all or kind.mutable
        plan = (kind, checks, watch_mutation, with_data, frozenset(kind.mutable_args))
        self._plans[func] = plan
        return plan

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if not isinstance(func, OpOverload):
            return func(*args, **kwargs)
        plan = self._plans.get(func) or self._plan(func)
        kind, checks, watch_mutation, with_data, mutable_args = plan
        self.reached[kind.name] = self.reached.get(kind.name, 0) + 1
        inputs = _tensor_inputs(kind, args, kwargs)
        before = {}
        if watch_mutation:
            for k, (i, t) in enumerate(inputs):
                if i not in mutable_args:
                    before[k] = Snapshot(t, with_data)
        out = func(*args, **kwargs)
        call = ObservedCall(kind, inputs, _flat_outputs(kind, out), before)
        for inv, check in checks:
            for output_index, detail in check(call):
                self.findings.append(
                    Finding(
                        aten_op=kind.name,
                        called_op=self.called_op,
                        invariant=inv,
                        output_index=output_index,
                        detail=detail,
                        inputs=describe_arguments(kind.arg_names, args, kwargs),
                    )
                )
        del call
        return out
