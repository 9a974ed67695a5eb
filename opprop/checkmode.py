"""Runs every ATen overload that reaches dispatch under the invariants.

``InvariantMode`` is a TorchDispatchMode, so a composite op is checked
through each kernel it calls. Per overload it asks the catalog, once, which
invariants apply, which inputs need a snapshot and which output/input pairs
the schema already lets alias (a ``Plan``, shared by every mode with the same
settings). Per call it first runs a cheap screen that can only say "clean"
when every check would be silent; only a call the screen cannot clear goes
through the invariant functions themselves, which produce the findings.
"""
from __future__ import annotations

import ctypes
import sys

import torch
from torch._ops import OpOverload
from torch.utils._python_dispatch import TorchDispatchMode

from . import catalog, probe
from .findings import Finding, describe_arguments
from .invariants import CHECKS, ObservedCall
from .memory import elements_equal_bytes

# ctypes.string_at is a Python wrapper around this C function: call it directly (one frame less per read).
_string_at = getattr(ctypes, "_string_at", ctypes.string_at)
_getrefcount = sys.getrefcount
_overlaps = torch._C._overlaps
_Tensor = torch.Tensor
_strided = torch.strided
_SUB_BYTE = (torch.quint4x2, torch.quint2x4)


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
    if t.is_contiguous():  # the common case: the span is the elements themselves
        return t.nbytes
    if t.numel() == 0:
        return 0
    last = sum((n - 1) * st for n, st in zip(t.size(), t.stride()))
    return (last + 1) * t.element_size()


_NO_SIZES = ("no sizes",)  # a strided nested tensor's size and stride: it has none to compare


def take_state(t: torch.Tensor, with_data: bool) -> tuple:
    """An input's state before the call, as one tuple (cheap to build and compare).

    ``(meta, raw, data)``: ``meta`` is (size, stride, storage offset, data
    pointer, version), or (size, version) for a tensor without storage (the
    data pointer is the storage's plus offset times element size, so with the
    offset equal it changes exactly when the storage pointer does);
    ``raw`` is, on CPU, the bytes the tensor spans, read with one memcpy
    (``ctypes.string_at``), far cheaper than a dispatcher clone and exact for
    NaNs; ``data`` is, elsewhere and only when ``with_data``, a clone.
    The common case (a dense CPU tensor) costs eleven attribute reads and
    one memcpy; everything here is ordered so it pays nothing more. The data
    pointer is read with ``const_data_ptr``: ``data_ptr`` asks for write
    access, which materializes a copy-on-write storage (``_lazy_clone``'s
    input), a copy plain execution would not make and a "mutation" the
    check itself would cause.
    """
    if type(t) is not _Tensor or t.layout is not _strided:  # no storage of its own (sparse, a subclass)
        return (t.size(), t._version), None, None
    ptr = t.const_data_ptr()
    try:
        meta = (t.size(), t.stride(), t.storage_offset(), ptr, t._version)
    except RuntimeError:  # a strided nested tensor: one contiguous buffer, no sizes or strides
        meta = (_NO_SIZES, _NO_SIZES, t.storage_offset(), ptr, t._version)
        n = t.nbytes if t.is_cpu and t.is_contiguous() else 0
        return meta, (_string_at(ptr, n) if n else None), None
    if t.is_cpu:
        n = t.nbytes if t.is_contiguous() else _span_bytes(t)
        if n and t.dtype in _SUB_BYTE:  # packed dtypes: nbytes counts a byte per element; never read past the storage
            storage = t.untyped_storage()
            n = min(n, storage.nbytes() - (ptr - storage.data_ptr()))
        return meta, (_string_at(ptr, n) if n and ptr else b""), None  # ptr 0: a ZeroTensor (forward AD) has no bytes
    return meta, None, (t.detach().clone() if with_data and not t.is_meta else None)  # meta: no data to compare


def unchanged(state: tuple, t: torch.Tensor) -> bool:
    """True when ``t`` still matches its state in every field ``Snapshot.changed`` compares."""
    meta, raw, data = state
    if data is not None or len(meta) == 2 or meta[0] is _NO_SIZES or raw is None:
        return Snapshot(state).changed(t) is None
    if (t.size(), t.stride(), t.storage_offset(), t.const_data_ptr(), t._version) != meta:
        return False
    return not raw or _string_at(meta[3], len(raw)) == raw


def _extent(t: torch.Tensor, state) -> tuple:
    """(first byte address, bytes spanned) of a tensor with storage; no byte outside can overlap it.

    Read from the input's state when it has one (its bytes were just
    compared, so they are current). A span of 0 (no elements) overlaps
    nothing, as ``torch._C._overlaps`` agrees. Packed sub-byte dtypes count
    a byte per element, which only widens the extent (a stricter screen).
    """
    if state is not None and state[1] is not None:
        return state[0][3], len(state[1])
    return t.const_data_ptr(), (t.nbytes if t.is_contiguous() else _span_bytes(t))


class Snapshot:
    """What an input looked like before the call (from ``take_state``), and what changed since."""

    __slots__ = ("size", "stride", "offset", "ptr", "version", "data", "raw")

    def __init__(self, state: tuple):
        meta, self.raw, self.data = state
        if len(meta) == 2:
            (self.size, self.version), self.stride, self.offset, self.ptr = meta, None, None, None
        else:
            self.size, self.stride, self.offset, self.ptr, self.version = meta

    def changed(self, t: torch.Tensor) -> str | None:
        if self.size is not _NO_SIZES and t.size() != self.size:
            return "size"
        if self.stride is None:
            return None
        if self.stride is not _NO_SIZES and t.stride() != self.stride:
            return "stride"
        if t.storage_offset() != self.offset:
            return "storage_offset"
        if t.const_data_ptr() != self.ptr:  # same offset, so this is the storage pointer moving
            return "storage"
        if self.raw is not None and _string_at(t.const_data_ptr(), len(self.raw)) != self.raw:
            if self.size is _NO_SIZES or t.is_contiguous() or not elements_equal_bytes(self.raw, t):
                return "data"  # a strided tensor's span has gaps other tensors own: compare elements
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
        if isinstance(value, _Tensor):
            found.append((i, value))
        elif isinstance(value, (list, tuple)):
            found.extend((i, v) for v in value if isinstance(v, _Tensor))
    return found


def _flat_outputs(kind: catalog.OpKind, out) -> list:
    if isinstance(out, _Tensor):
        return [(0, out)]
    if out is None:
        return [(0, None)] if kind.n_returns else []
    if isinstance(out, (tuple, list)):
        if kind.n_returns == 1:  # a single Tensor[] return
            return [(0, t) for t in out if t is None or isinstance(t, _Tensor)]
        found = []
        for j, o in enumerate(out):
            if o is None or isinstance(o, _Tensor):
                found.append((j, o))
            elif isinstance(o, (list, tuple)):
                found.extend((j, t) for t in o if t is None or isinstance(t, _Tensor))
        return found
    return []


class Plan:
    """What one overload needs checked, decided once from the catalog."""

    __slots__ = (
        "kind", "checks", "snapshot", "with_data", "mutable_args",
        "tensorimpl", "storageimpl", "alias", "returns_input", "mutation",
        "may_alias_inputs", "allowed_out_out", "aliased_list_returns",
    )

    def __init__(self, func: OpOverload, snapshot_all: bool, only):
        kind = catalog.classify(func)
        self.kind = kind
        self.checks = tuple((inv, CHECKS[inv]) for inv in kind.invariants if only is None or inv in only)
        names = {inv for inv, _ in self.checks}
        self.tensorimpl = catalog.TENSOR_IMPL in names
        self.storageimpl = catalog.STORAGE_IMPL in names
        self.alias = catalog.UNDECLARED_ALIAS in names
        self.returns_input = catalog.RETURNS_INPUT in names
        self.mutation = catalog.UNDECLARED_MUTATION in names
        self.with_data = snapshot_all or kind.mutable
        self.mutable_args = frozenset(kind.mutable_args)
        # Per return index: the input positions the schema lets it alias (no overlap test for those).
        self.may_alias_inputs = tuple(
            frozenset(i for (jj, i) in kind.allowed_out_in if jj == j) for j in range(kind.n_returns)
        )
        self.allowed_out_out = kind.allowed_out_out
        self.aliased_list_returns = kind.aliased_list_returns


_PLANS: dict = {}  # (snapshot_all, only) -> {id(func): (func, Plan or None)}


def _overlap(a, b) -> bool:
    """invariants._overlaps for two tensors already known to have storage (same answer)."""
    if not (a.is_cpu and b.is_cpu) and a.device != b.device:
        return False
    try:
        return _overlaps(a, b)
    except RuntimeError:
        return False


def _apart(x: tuple, y: tuple) -> bool:
    """Two (address, span) extents share no byte."""
    return not (x[1] and y[1] and x[0] < y[0] + y[1] and y[0] < x[0] + x[1])


def _clean(plan: Plan, inputs: list, outputs: list, before: list) -> bool:
    """True only when every check in the plan would report nothing for this call.

    A conservative screen: anything it cannot clear cheaply (an output held
    elsewhere, a shared storage, an identity or overlap, a changed input)
    goes to the invariant functions, which decide and describe.

    Overlap tests are skipped where they cannot answer yes:
    ``torch._C._overlaps`` only finds overlap between tensors on one
    StorageImpl (or on storages sharing one refcounted allocation, which
    hold each other's count up), so an output whose StorageImpl no other
    tensor holds overlaps nothing (the storage use count, read anyway for
    non-view ops, says so); elsewhere two tensors whose byte extents are
    disjoint cannot overlap. The reference count threshold matches
    ``invariants.tensorimpl_use_count``: getrefcount's argument, the loop
    name, the ``outputs`` entry and the op's return value (any extra
    reference here only makes the screen stricter).
    """
    if before:
        for (_, t), state in zip(inputs, before):
            if state is not None and not unchanged(state, t):
                return False
    if not outputs:
        return True
    if plan.tensorimpl:
        if len(outputs) > 1:
            ids = [id(t) for _, t in outputs if t is not None]
            if len(set(ids)) != len(ids):
                return False  # one TensorImpl in several output slots: let the check count it
        reader = probe.tensorimpl_reader
        for _, t in outputs:
            if t is not None:
                held = reader(t)
                if held > 1 or (held == 1 and _getrefcount(t) > 4):
                    return False
    storage_reader = probe.storageimpl_reader if plan.storageimpl else None
    alias, ret = plan.alias, plan.returns_input
    if not (storage_reader or alias or ret):
        return True
    may_alias = plan.may_alias_inputs
    n_may = len(may_alias)
    in_extents = None  # per input: its extent, or None without storage; filled on first need
    out_extents = []  # per output: its extent, or None when nothing can overlap it
    for j, t in outputs:
        if t is None:
            out_extents.append(None)
            continue
        extent = None
        if type(t) is _Tensor and t.layout is _strided and not t.is_nested:  # probe.has_storage
            if storage_reader is not None:
                if storage_reader(t) > 1:
                    return False
            elif alias:
                extent = _extent(t, None)  # the storage may be shared (a view op): bound it
        out_extents.append(extent)
        if alias or ret:
            allowed = may_alias[j] if j < n_may else ()
            for k, (i, inp) in enumerate(inputs):
                if t is inp:  # returns_input if it applies; undeclared_alias unless the schema allows it
                    if ret or (alias and i not in allowed):
                        return False
                elif extent is not None and i not in allowed:
                    if in_extents is None:
                        in_extents = _input_extents(inputs, before)
                    other = in_extents[k]
                    if other is not None and not _apart(extent, other) and _overlap(t, inp):
                        return False
    if alias and len(outputs) > 1:
        allowed_pairs = plan.allowed_out_out
        list_returns = plan.aliased_list_returns
        n = len(outputs)
        for a in range(n):
            j, t = outputs[a]
            if t is None:
                continue
            extent = out_extents[a]
            for b in range(a + 1, n):
                k, u = outputs[b]
                if u is None or (j, k) in allowed_pairs or (j == k and j in list_returns):
                    continue
                if t is u:
                    return False
                other = out_extents[b]
                if extent is not None and other is not None and not _apart(extent, other) and _overlap(t, u):
                    return False
    return True


def _input_extents(inputs: list, before: list) -> list:
    """Per input: its extent, or None for a tensor without storage (nothing to overlap)."""
    states = before or [None] * len(inputs)
    return [
        _extent(x, state) if type(x) is _Tensor and x.layout is _strided and not x.is_nested else None
        for (_, x), state in zip(inputs, states)
    ]


class InvariantMode(TorchDispatchMode):
    """Checks the invariants at every ATen overload that reaches dispatch.

    Inputs the schema marks mutable are never snapshotted. On CPU every other
    tensor input gets a byte snapshot (one memcpy). On other devices a data
    snapshot costs a device copy, so ``snapshot_data="schema"`` takes one only
    for ops that write some argument (where a write to the wrong tensor is
    the likely bug) and ``"all"`` for every op.
    """

    # The default settings live on the class, so a mode entered per call (as
    # run_call does) sets only what differs: its construction is part of the
    # overhead of every checked call.
    snapshot_all = False
    only = None
    _plans: dict = _PLANS.setdefault((False, None), {})

    def __init__(self, called_op: str, *, snapshot_data: str = "schema", invariants=None):
        super().__init__()
        if snapshot_data != "schema":
            if snapshot_data != "all":
                raise ValueError(f"snapshot_data must be 'schema' or 'all', not {snapshot_data!r}")
            self.snapshot_all = True
        if not probe._validated:
            probe.validate()
        self.called_op = called_op
        self.findings: list[Finding] = []
        self._reached_log: list[str] = []  # one name per call: an append is cheaper than a counter
        if invariants is not None or self.snapshot_all:
            self.only = None if invariants is None else frozenset(invariants)
            self._plans = _PLANS.setdefault((self.snapshot_all, self.only), {})

    @property
    def reached(self) -> dict[str, int]:
        """Calls per overload name, in first-call order."""
        counts: dict[str, int] = {}
        for name in self._reached_log:
            counts[name] = counts.get(name, 0) + 1
        return counts

    def _plan(self, func) -> tuple:
        # Keyed by id(func): hashing an OpOverload costs a Python call. The entry
        # keeps func alive, so its id is never reused for another object.
        plan = Plan(func, self.snapshot_all, self.only) if isinstance(func, OpOverload) else None
        entry = self._plans[id(func)] = (func, plan)
        return entry

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        entry = self._plans.get(id(func))
        if entry is None or entry[0] is not func:
            entry = self._plan(func)
        plan = entry[1]
        if kwargs is None:
            kwargs = {}
        if plan is None:  # not an ATen overload (a higher-order op): nothing to check
            return func(*args, **kwargs)
        kind = plan.kind
        self._reached_log.append(kind.name)
        inputs = _tensor_inputs(kind, args, kwargs)
        before = None
        if plan.mutation:  # a loop, not a comprehension: on Python 3.11 that is one frame less
            mutable_args, with_data = plan.mutable_args, plan.with_data
            before = []
            for i, t in inputs:
                before.append(None if i in mutable_args else take_state(t, with_data))
        out = func(*args, **kwargs)
        outputs = _flat_outputs(kind, out)
        if not _clean(plan, inputs, outputs, before):
            snapshots = {k: Snapshot(state) for k, state in enumerate(before or ()) if state is not None}
            self._record(plan, ObservedCall(kind, inputs, outputs, snapshots), args, kwargs)
        return out

    def _record(self, plan: Plan, call: ObservedCall, args, kwargs) -> None:
        """The slow path: run the invariant functions and keep what they report."""
        kind = plan.kind
        described = None
        for inv, check in plan.checks:
            for output_index, detail in check(call):
                if described is None:  # described once per call, only when something is found
                    described = describe_arguments(kind.arg_names, args, kwargs)
                self.findings.append(
                    Finding(
                        aten_op=kind.name,
                        called_op=self.called_op,
                        invariant=inv,
                        output_index=output_index,
                        detail=detail,
                        inputs=dict(described),
                    )
                )
