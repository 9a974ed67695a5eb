"""native_dropout on empty inputs: the early return that hands back the input itself.

For ``numel() == 0`` the CPU kernel returns ``(input, empty_like(input))``,
so output 0 *is* the input although the schema declares no alias
(returns_input, and both use counts). op_db's dropout samples are never
empty; these calls are, in every train mode, beside non-empty ones that
stay clean.
"""
from __future__ import annotations

import torch
from hypothesis import strategies as st

from opprop.core.calls import Call

from opprop.generators.registry import edge_generator
from opprop.strategies import ramp

aten = torch.ops.aten


def _call(x, p, train):
    return Call("aten::native_dropout", aten.native_dropout.default, (x, p, train), source="dropout")


def strategy(device):
    @st.composite
    def calls(draw):
        shape = tuple(draw(st.lists(st.integers(0, 3), min_size=1, max_size=3)))
        # p 0 or 1 keep the result deterministic for any train mode; 0.5 only where nothing is drawn at random
        p = draw(st.sampled_from((0.0, 1.0, 0.5)))
        train = draw(st.sampled_from((False, None, True) if p != 0.5 else (False,)))
        return _call(ramp(shape, device=device), p, train)

    return calls()


@edge_generator("dropout.empty_input", targets=("aten::native_dropout",), strategy=strategy)
def samples(device):
    """Empty inputs in every train mode (the aliasing early return), an empty view, and a non-empty one that is clean."""
    for train in (True, False, None):
        yield _call(torch.zeros(0, 3, device=device), 0.0, train)
    # an empty view of a live base: the input handed back also shares its base's storage
    yield _call(ramp((4, 3), device=device)[:0], 0.0, False)
    yield _call(ramp((2, 3), device=device), 0.0, False)
