"""The invariants, one small function each, keyed by a stable id.

Each takes an ``ObservedCall`` (what one ATen overload got and returned) and
yields ``(output_index, detail)`` for every violation. They read only what
the catalog already decided applies, so they stay cheap on the hot path.
"""
from __future__ import annotations

import dataclasses
import sys
from typing import Callable, Iterator

import torch

from . import catalog, probe
from .memory import exact_overlap


@dataclasses.dataclass
class ObservedCall:
    kind: catalog.OpKind
    inputs: list  # [(argument position, tensor)] for every tensor argument (lists flattened)
    outputs: list  # [(return index, tensor or None)] (Tensor[] returns flattened)
    before: dict  # position-in-inputs -> snapshot taken before the call (see checkmode)


Violation = tuple  # (output_index or None, detail dict)
Check = Callable[[ObservedCall], Iterator[Violation]]


def _identity_counts(outputs) -> dict:
    counts: dict = {}
    for _, t in outputs:
        if t is not None:
            counts[id(t)] = counts.get(id(t), 0) + 1
    return counts


def _held_by_view_metadata(t, outputs) -> int:
    """References on t that a sibling output's autograd view metadata holds (its ``_base``)."""
    return sum(1 for _, o in outputs if o is not None and o is not t and o._base is t)


def tensorimpl_use_count(call: ObservedCall) -> Iterator[Violation]:
    """An output of a non-in-place, non-CompositeImplicitAutograd op is referenced elsewhere.

    ``_use_count()`` counts the Python wrapper once, however many Python
    names hold it. Two corrections give what the C++ assert would see: one
    handle per extra output slot holding the same TensorImpl, and one for the
    wrapper itself when Python code beyond this call keeps it alive (a
    Python kernel that also stores its result).
    """
    outputs = call.outputs
    same = _identity_counts(outputs)
    for j, t in outputs:
        if t is None:
            continue
        occurrences = same[id(t)]
        held = probe.tensorimpl_use_count(t)
        count = held + occurrences - 1
        if occurrences > 1:
            count -= _held_by_view_metadata(t, outputs)
        # Refs we know of: getrefcount's argument, the loop name, and per output slot
        # one in call.outputs and one in the op's return value (still alive in the mode).
        # Only when C++ holds nothing else: torch keeps a C++-shared wrapper alive itself.
        if held == 1 and sys.getrefcount(t) > 2 + 2 * occurrences:
            count += 1
        if count > 1:
            yield j, {"use_count": count}


def storageimpl_use_count(call: ObservedCall) -> Iterator[Violation]:
    """An output of a non-view op shares its StorageImpl with something else alive."""
    seen = set()
    for j, t in call.outputs:
        if t is None or id(t) in seen or not probe.has_storage(t):
            continue
        seen.add(id(t))
        count = probe.storageimpl_use_count(t)
        if count > 1:
            yield j, {"storage_use_count": count}


def _overlaps(a, b) -> bool:
    if not (probe.has_storage(a) and probe.has_storage(b)):
        return False
    if a.device != b.device:
        return False
    try:
        maybe = torch._C._overlaps(a, b)
    except RuntimeError:
        return False
    return maybe and exact_overlap(a, b)  # _overlaps says True when it is too hard to tell


def _shares_with(call: ObservedCall, inp, positions) -> bool:
    """Whether ``inp`` is or overlaps a tensor passed at one of ``positions``: the caller aliased the two
    arguments (``torch.mul(x, y, out=x)``), so what the schema allows through one is declared for the other.
    As SchemaCheckMode's ``add_argument_values`` does. Asked only once a violation is seen: no hot-path cost."""
    return any(i in positions and (u is inp or _overlaps(u, inp)) for i, u in call.inputs)


def undeclared_alias(call: ObservedCall) -> Iterator[Violation]:
    """An output overlaps an input or another output although the schema does not say it may."""
    kind = call.kind
    identity_is_returns_input = catalog.RETURNS_INPUT in kind.invariants
    names = kind.arg_names
    for j, t in call.outputs:
        if t is None:
            continue
        for i, inp in call.inputs:
            if (j, i) in kind.allowed_out_in:
                continue
            if t is inp and identity_is_returns_input:
                continue  # reported as returns_input
            if (t is inp or _overlaps(t, inp)) and not _shares_with(call, inp, {m for (o, m) in kind.allowed_out_in if o == j}):
                yield j, {"overlaps": names[i] if i < len(names) else f"arg{i}"}
    outs = call.outputs
    for a in range(len(outs)):
        j, t = outs[a]
        if t is None:
            continue
        for b in range(a + 1, len(outs)):
            k, u = outs[b]
            if u is None:
                continue
            if (j, k) in kind.allowed_out_out or (j == k and j in kind.aliased_list_returns):
                continue
            if t is u or _overlaps(t, u):
                yield j, {"overlaps_output": k}


def returns_input(call: ObservedCall) -> Iterator[Violation]:
    """A non-mutable op hands back one of its inputs as the very same tensor."""
    names = call.kind.arg_names
    for j, t in call.outputs:
        if t is None:
            continue
        for i, inp in call.inputs:
            if t is inp:
                yield j, {"is_input": names[i] if i < len(names) else f"arg{i}"}


def undeclared_mutation(call: ObservedCall) -> Iterator[Violation]:
    """An input the schema does not mark mutable changed metadata, storage or data."""
    names = call.kind.arg_names
    for k, snap in call.before.items():
        i, t = call.inputs[k]
        changed = snap.changed(t)
        if changed and not _shares_with(call, t, call.kind.mutable_args):
            yield None, {"argument": names[i] if i < len(names) else f"arg{i}", "changed": changed}


CHECKS: dict[str, Check] = {
    catalog.TENSOR_IMPL: tensorimpl_use_count,
    catalog.STORAGE_IMPL: storageimpl_use_count,
    catalog.UNDECLARED_ALIAS: undeclared_alias,
    catalog.RETURNS_INPUT: returns_input,
    catalog.UNDECLARED_MUTATION: undeclared_mutation,
}
