"""The unsafe split family: outputs that alias the input with no alias annotation, on purpose.

``unsafe_split`` / ``unsafe_split_with_sizes`` / ``unsafe_chunk`` skip view
tracking by design, so they break ``storageimpl_use_count`` and
``undeclared_alias``. They are ledgered as by-design, and this generator
keeps those ledger entries checked on non-empty inputs (OpInfo samples
reach ``unsafe_split_with_sizes`` only with zero-size tensors).
"""
from __future__ import annotations

import torch
from hypothesis import strategies as st

from opprop.core.calls import Call

from opprop.generators.registry import edge_generator
from opprop.strategies import ramp

aten = torch.ops.aten


def _with_sizes(x, sizes, dim):
    return Call("aten::unsafe_split_with_sizes", aten.unsafe_split_with_sizes.default, (x, list(sizes), dim), source="unsafe_split")


def _split(x, size, dim):
    return Call("aten::unsafe_split.Tensor", aten.unsafe_split.Tensor, (x, size, dim), source="unsafe_split")


def strategy(device):
    @st.composite
    def calls(draw):
        dims = draw(st.integers(1, 3))
        shape = tuple(draw(st.lists(st.integers(1, 5), min_size=dims, max_size=dims)))
        dim = draw(st.integers(0, dims - 1))
        x = ramp(shape, device=device)
        if draw(st.booleans()):
            return _split(x, draw(st.integers(1, shape[dim])), dim)
        cuts = sorted(draw(st.lists(st.integers(0, shape[dim]), max_size=3)))
        bounds = [0, *cuts, shape[dim]]
        return _with_sizes(x, [b - a for a, b in zip(bounds, bounds[1:])], dim)

    return calls()


@edge_generator("unsafe_split.by_design", targets=("aten::unsafe_split.Tensor", "aten::unsafe_split_with_sizes"), strategy=strategy)
def samples(device):
    """Non-empty splits by size and by a list of sizes, along the first and the last dim."""
    x = ramp((4, 3), device=device)
    yield _with_sizes(x, [1, 3], 0)
    yield _with_sizes(x, [2, 1], 1)
    yield _split(x, 2, 0)
    yield _split(x, 1, 1)
