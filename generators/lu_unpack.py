"""lu_unpack with unpack_data / unpack_pivots off, every combination.

With both flags off the kernel returns undefined-size (empty) P, L and U;
an older kernel returned the same undefined tensor in several slots
(TensorImpl use_count > 1, named in the seed discussion). Each flag gates its
own outputs, so all four combinations are drawn, over batched, square and
rectangular factorizations.
"""
from __future__ import annotations

import itertools

import torch
from hypothesis import strategies as st

from opprop.core.calls import Call

from opprop.generators.registry import edge_generator
from opprop.strategies import ramp

aten = torch.ops.aten
FLAGS = tuple(itertools.product((True, False), repeat=2))  # (unpack_data, unpack_pivots), both on first


def lu_factors(*, batch=(), m=3, n=3, dtype=torch.float64, device="cpu"):
    """``lu_factor`` of a ramp plus a scaled identity: deterministic and well-conditioned."""
    a = ramp((*batch, m, n), dtype=dtype, device=device, start=-0.5)
    k = min(m, n)
    a[..., range(k), range(k)] += 2
    return torch.linalg.lu_factor(a)


def _call(lu, pivots, unpack_data, unpack_pivots):
    return Call("aten::lu_unpack", aten.lu_unpack.default, (lu, pivots, unpack_data, unpack_pivots), source="lu_unpack.flags")


def _samples(device):
    """Every (unpack_data, unpack_pivots) combination on square, rectangular and batched factors."""
    for shape in (dict(m=3, n=3), dict(m=4, n=2), dict(batch=(2,), m=2, n=3)):
        lu, pivots = lu_factors(**shape, device=device)
        for unpack_data, unpack_pivots in FLAGS:
            yield _call(lu, pivots, unpack_data, unpack_pivots)


def strategy(device):
    @st.composite
    def calls(draw):
        batch = tuple(draw(st.lists(st.integers(1, 2), max_size=2)))
        lu, pivots = lu_factors(
            batch=batch,
            m=draw(st.integers(1, 4)),
            n=draw(st.integers(1, 4)),
            dtype=draw(st.sampled_from((torch.float64, torch.float32, torch.complex64))),
            device=device,
        )
        unpack_data, unpack_pivots = draw(st.sampled_from(FLAGS))
        return _call(lu, pivots, unpack_data, unpack_pivots)

    return calls()


edge_generator("lu_unpack.flags", targets=("aten::lu_unpack",), strategy=strategy)(_samples)
