"""An output overlaps an input or another output although the schema does not let it."""
from __future__ import annotations

import torch

from opprop.check import components, probe
from opprop.check.memory import exact_overlap
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
        # past the last output of the same return: the elements of a list return are contiguous, and those of an aliased
        # one (Tensor(a)[]) may overlap each other, so no pair of them is read (tensor_split into 65537 sections made
        # 2e9 such pairs, a 30 s hang of opprop's own)
        run_end = list(range(1, len(outs) + 1))
        for b in range(len(outs) - 2, -1, -1):
            if outs[b + 1][0] == outs[b][0]:
                run_end[b] = run_end[b + 1]
        for a in range(len(outs)):
            j, t = outs[a]
            if t is None:
                continue
            for b in range(run_end[a] if j in kind.aliased_list_returns else a + 1, len(outs)):
                k, u = outs[b]
                if u is None:
                    continue
                if (j, k) in kind.allowed_out_out or (j == k and j in kind.aliased_list_returns):
                    continue
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
