"""The fused screen: one cheap pass that says "clean" only when every check in a plan would be silent.

Per call the dispatch mode asks ``clears`` first (the compiled screen, then
``reference_clears``, the Python reference it is held to); only a call it cannot
clear goes through the invariants' own checks, which decide and describe.
It knows the invariants in ``SCREENED``; a plan with any other invariant that
brings no screen of its own sends every call down the slow path (fail
closed). The differential tests (tests/test_hot_path.py) hold it to the
invariants' own checks.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import torch

from opprop.check import catalog, hot_path, probe
from opprop.check.compat import const_data_ptr as _const_data_ptr
from opprop.check.invariants.storage_replaced import ID as STORAGE_REPLACED
from opprop.check.invariants.view_copies import ID as VIEW_COPIES
from opprop.check.invariants import written_not_returned
from opprop.check.memory import span_bytes
from opprop.check.snapshots import NO_SIZES, COMPARE_IN_PLACE, memory_at, same_bytes, unchanged

if TYPE_CHECKING:
    from opprop.check.plan import CheckPlan

_getrefcount = sys.getrefcount
_overlaps = torch._C._overlaps
_storage_address = torch._C._storage_address  # the StorageImpl's address: no storage wrapper made
_storage_use_count = torch._C._storage_Use_Count
_PLAIN = probe.PLAIN_TYPES
_strided = torch.strided

# The invariants the fused screen ``clears`` knows how to clear; any other needs a screen of its own.
SCREENED = frozenset(
    (catalog.TENSOR_IMPL, catalog.STORAGE_IMPL, catalog.UNDECLARED_ALIAS, catalog.RETURNS_INPUT, catalog.UNDECLARED_MUTATION,
     STORAGE_REPLACED, VIEW_COPIES, written_not_returned.ID)
)
_UNBOUNDED = ("extent not read yet",)  # an output that may overlap something; its extent is read when a test needs it

# The invariants whose ``before`` the hot path takes itself, in one pass (``snapshots.take_states``).
FUSED_BEFORES = (catalog.UNDECLARED_MUTATION, STORAGE_REPLACED)


def _extent(t: torch.Tensor, state) -> tuple:
    """(first byte address, bytes spanned) of a tensor with storage; no byte outside can overlap it.

    Read from the input's state when it has one (its bytes were just
    compared, so they are current). A span of 0 (no elements) overlaps
    nothing, as ``torch._C._overlaps`` agrees. Packed sub-byte dtypes count
    a byte per element, which only widens the extent (a stricter screen).
    """
    if state is not None and state.raw is not None:
        return state.metadata.ptr, len(state.raw)
    return _const_data_ptr(t), (t.nbytes if t.is_contiguous() else span_bytes(t))


def _overlap(a, b) -> bool:
    """undeclared_alias's _overlaps for two tensors already known to have storage (same answer)."""
    if not (a.is_cpu and b.is_cpu) and a.device != b.device:
        return False
    try:
        return _overlaps(a, b)
    except RuntimeError:
        return False


def _apart(x: tuple, y: tuple) -> bool:
    """Two (address, span) extents share no byte."""
    return not (x[1] and y[1] and x[0] < y[0] + y[1] and y[0] < x[0] + x[1])


def clears(plan: CheckPlan, inputs: list, outputs: list, before: list | None, storages: list | None) -> bool:
    """True only when every check in the plan would report nothing for this call: the screen the mode asks.

    The compiled screen (``hot_path``) answers first where the plan has one; it
    declines (None) any call it does not take, and ``reference_clears`` answers.
    """
    compiled = plan.compiled
    if compiled is not None:
        answer = hot_path.module.clean(compiled, inputs, outputs, before, storages)
        if answer is not None:
            return answer
    return reference_clears(plan, inputs, outputs, before, storages)


def reference_clears(plan: CheckPlan, inputs: list, outputs: list, before: list | None, storages: list | None) -> bool:
    """True only when every check in the plan would report nothing for this call: the reference screen.

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
    ``invariants/tensorimpl_use_count.py``: getrefcount's argument, the loop
    name, the ``outputs`` entry and the op's return value (any extra
    reference here only makes the screen stricter).

    ``before`` is undeclared_mutation's state per input, ``storages``
    storage_replaced's (either None when the plan lacks it). The StorageImpl
    use count is read from its address (``_storage_Use_Count`` of
    ``_storage_address``, which makes no storage wrapper): the probe's
    reading, plus one while a Python wrapper of the storage holds a reference
    (``validate_readers`` measured when), so never less (stricter). Two live tensors are on one StorageImpl exactly when
    their StorageImpl addresses are equal (view_copies).
    """
    try:
        if storages is not None:
            if before is not None:
                previous = None
                for (_, t), state, storage in zip(inputs, before, storages):
                    if storage is not None and t.untyped_storage() is not storage:
                        return False  # storage_replaced
                    if state is not None:  # snapshots.unchanged, its common case inlined
                        meta, raw, _ = state
                        if raw is None or meta.shape is NO_SIZES:
                            if not unchanged(state, t):
                                return False
                        elif (t.shape, t.stride(), t.storage_offset(), _const_data_ptr(t), t._version) != meta:
                            return False
                        elif raw:  # snapshots.same_bytes, inlined
                            n = len(raw)
                            if n < COMPARE_IN_PLACE:
                                if memory_at(meta.ptr)[:n] != raw:
                                    return False
                            elif state is not previous:  # a large input passed twice shares its state: compared once
                                previous = state
                                if not same_bytes(meta.ptr, raw):
                                    return False
            else:
                for (_, t), storage in zip(inputs, storages):
                    if storage is not None and t.untyped_storage() is not storage:
                        return False
        elif before:
            for (_, t), state in zip(inputs, before):
                if state is not None and not unchanged(state, t):
                    return False
        views = plan.views
        if views is not None:  # view_copies: each declared view sits on the storage of an input it views
            for j, t in outputs:
                bases = views.get(j)
                if bases is None or t is None:
                    continue
                if t.layout is not _strided:
                    return False  # no storage of its own (sparse, jagged): view_copies compares its components
                if type(t) not in _PLAIN:
                    continue
                address = _storage_address(t)
                for i, x in inputs:
                    if i in bases and type(x) in _PLAIN and x.layout is _strided and _storage_address(x) == address:
                        break
                else:
                    return False
    except (RuntimeError, NotImplementedError):  # a tensor whose storage cannot be read: let the checks decide
        return False
    written = plan.written
    if written is not None and not written_not_returned.INVARIANT.screen(inputs, outputs, None, written):
        return False  # a written return that is not the argument it names
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
    storageimpl = plan.storageimpl
    alias, ret = plan.alias, plan.returns_input
    if not (storageimpl or alias or ret):
        return True
    may_alias = plan.may_alias_inputs
    n_may = len(may_alias)
    in_extents = None  # per input: its extent, or None without storage; filled on first need
    out_extents = []  # per output: its extent, _UNBOUNDED until first needed, or None when nothing can overlap it
    for j, t in outputs:
        if t is None:
            out_extents.append(None)
            continue
        extent = None
        if type(t) in _PLAIN and t.layout is _strided:  # probe.has_storage, but for nested tensors
            if storageimpl:  # (a nested output's count is read too: only stricter, its check skips it)
                if _storage_use_count(_storage_address(t)) > 1:
                    return False
            elif alias and not t.is_nested:
                extent = _UNBOUNDED  # the storage may be shared (a view op): bound it when an overlap test needs it
        elif alias and t.layout is not _strided:
            return False  # no storage of its own (sparse, jagged): undeclared_alias compares its components
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
                    if other is None and inp.layout is not _strided:
                        return False  # an input without storage: undeclared_alias compares its components
                    if other is not None:
                        if extent is _UNBOUNDED:
                            extent = _extent(t, None)
                        if not _apart(extent, other) and _overlap(t, inp):
                            return False
        out_extents.append(extent)
    if alias and len(outputs) > 1:
        allowed_pairs = plan.allowed_out_out
        list_returns = plan.aliased_list_returns
        n = len(outputs)
        for a in range(n):
            j, t = outputs[a]
            if t is None:
                continue
            for b in range(a + 1, n):
                k, u = outputs[b]
                if u is None or (j, k) in allowed_pairs or (j == k and j in list_returns):
                    continue
                if t is u:
                    return False
                extent, other = out_extents[a], out_extents[b]
                if extent is None or other is None:
                    continue
                if extent is _UNBOUNDED:
                    extent = out_extents[a] = _extent(t, None)
                if other is _UNBOUNDED:
                    other = out_extents[b] = _extent(u, None)
                if not _apart(extent, other) and _overlap(t, u):
                    return False
    return True


def _input_extents(inputs: list, before: list) -> list:
    """Per input: its extent, or None for a tensor without storage (nothing to overlap)."""
    states = before or [None] * len(inputs)
    return [
        _extent(x, state) if type(x) in _PLAIN and x.layout is _strided and not x.is_nested else None
        for (_, x), state in zip(inputs, states)
    ]
