"""An output overlaps an input or another output although the schema does not let it."""
from __future__ import annotations

import heapq

import torch

from opprop.check import components, probe
from opprop.check.memory import exact_overlap, span_bytes
from opprop.check.invariants.base import Invariant, alias_fix
from opprop.check.invariants.returns_input import ID as RETURNS_INPUT

ID = "undeclared_alias"


def _parts(t) -> tuple:
    """The tensors holding ``t``'s memory: itself with a storage, its components without one (sparse, jagged)."""
    if probe.has_storage(t):
        return (t,)
    return () if t.layout is torch.strided else components.components(t)


def _overlaps(a, b) -> bool:
    if not (probe.has_storage(a) and probe.has_storage(b)):
        return any(_overlaps(x, y) for x in _parts(a) for y in _parts(b))  # each part has a storage
    if a.device != b.device:
        return False
    try:
        maybe = torch._C._overlaps(a, b)
    except RuntimeError:
        return False
    return maybe and exact_overlap(a, b)  # _overlaps says True when it is too hard to tell


def _extent(t) -> tuple[int, int] | None:
    """[first, last + 1) byte address a strided tensor with a storage can reach; None where unknown (no storage of its
    own: sparse, jagged; or no address to read)."""
    if not probe.has_storage(t) or t.layout is not torch.strided:
        return None
    try:
        start = t.data_ptr()
    except RuntimeError:
        return None
    return start, start + span_bytes(t)


def _output_pairs_that_may_share(outs, together=frozenset()) -> list[tuple[int, int]]:
    """The pairs (a < b) of outputs that may share a byte, in order: the same object twice, byte extents that meet, or
    an output whose extent is unknown with every other; never two elements of one return in ``together`` (an aliased
    list return, Tensor(a)[], whose elements may overlap each other). 65537 outputs (tensor_split, unsafe_chunk into
    65537 pieces) are a sort and a sweep, not 2e9 pairs read one by one: a 30 s hang of opprop's own."""
    group = [j if j in together else None for j, _ in outs]  # None: pairs with every output

    def apart(a: int, b: int) -> bool:
        return group[a] is None or group[a] != group[b]

    known, unknown, first_of, pairs = [], [], {}, set()
    for index, (_, t) in enumerate(outs):
        if t is None:
            continue
        if id(t) in first_of and apart(first_of[id(t)], index):
            pairs.add((first_of[id(t)], index))  # returned twice
        first_of.setdefault(id(t), index)
        extent = _extent(t)
        if extent is None:
            unknown.append(index)
        elif extent[1] > extent[0]:  # no bytes: shares none
            known.append((*extent, index))
    known.sort()
    active: dict = {}  # group -> heap of (end, index) of the extents the sweep is inside
    for start, end, index in known:
        for g, heap in active.items():
            while heap and heap[0][0] <= start:
                heapq.heappop(heap)
            if group[index] is None or g != group[index]:
                pairs.update((min(i, index), max(i, index)) for _, i in heap)
        heapq.heappush(active.setdefault(group[index], []), (end, index))
    every = [i for i, (_, t) in enumerate(outs) if t is not None]
    for index in unknown:
        pairs.update((min(i, index), max(i, index)) for i in every if i != index and apart(i, index))
    return sorted(pairs)


class UndeclaredAlias(Invariant):
    id = ID
    rank = 30
    broken_when = "an output overlaps (shares a byte with) an input or another output without an alias annotation allowing it"

    def check(self, call):
        """Read with the call's own arguments: ``x.mul_(x)``'s output may overlap ``other`` because ``other`` is ``self``."""
        kind = call.kind
        aliasing = call.aliasing
        identity_is_returns_input = RETURNS_INPUT in kind.invariants
        names = kind.arg_names
        for j, t in call.outputs:
            if t is None:
                continue
            for i, inp in call.inputs:
                if (j, i) in kind.allowed_out_in:
                    continue
                if t is inp and identity_is_returns_input:
                    continue  # reported as returns_input
                if (t is inp or _overlaps(t, inp)) and not aliasing.output_may_alias(j, i, inp):
                    yield j, {"overlaps": names[i] if i < len(names) else f"arg{i}"}
        outs = call.outputs
        for a, b in _output_pairs_that_may_share(outs, kind.aliased_list_returns):
            (j, t), (k, u) = outs[a], outs[b]
            if (j, k) in kind.allowed_out_out or (j == k and j in kind.aliased_list_returns):
                continue  # the elements of an aliased list return (Tensor(a)[]) may overlap each other
            if (t is u or _overlaps(t, u)) and not aliasing.outputs_may_alias(j, k):
                yield j, {"overlaps_output": k}

    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
        for o in seen["outputs"]:
            if o is not None and (o["overlaps"] - set(facts["may_alias"]) or (o["overlaps_outputs"] and not facts["outputs_may_alias"])):
                return True
        return False

    def suggested_fix(self, op, detail, output_index) -> str:
        return alias_fix(op, detail.get("overlaps"), output_index)


INVARIANT = UndeclaredAlias()
