"""Hypothesis strategies for tensor kinds beyond dense strided: quantized, nested, sparse, tied to a view.

The kinds themselves, their deterministic builders and all that opprop
does with them live in ``opprop.core.tensor_kinds`` (one module per
family); this module draws their parameters and re-exports the builders
(``quantized(shape, ...)``, ``nested``, ``sparse``, ``values``) that edge
generators and tests call. The schema-driven generator draws a kind per
tensor argument by name (``make``) and learns, per op, which kinds the op
rejects (``opprop.inputs.validity``).
"""
from __future__ import annotations

import torch
from hypothesis import strategies as st

from opprop.core import tensor_kinds
from opprop.core.tensor_kinds.dense import as_view, transposed, values, with_live_view  # noqa: F401  (the builders)
from opprop.core.tensor_kinds.nested import NESTED_LAYOUTS, nested  # noqa: F401
from opprop.core.tensor_kinds.quantized import (  # noqa: F401
    FLOAT_QPARAMS_DTYPES,
    PACKED_DTYPES,
    PER_CHANNEL_DTYPES,
    QSCHEMES,
    QUANTIZED_DTYPES,
    ZERO_POINT_RANGE,
    quantized,
    scheme_dtypes,
)
from opprop.core.tensor_kinds.sparse import SPARSE_LAYOUTS, sparse  # noqa: F401

VIEW_RELATIONS = ("has_live_view", "is_view")


def make(kind: str, shape, dtype=torch.float32, *, qdtype=None, device="cpu") -> torch.Tensor:
    """Build one tensor of a registered kind (``tensor_kinds.names()``)."""
    return tensor_kinds.make(kind, shape, dtype, device=device, qdtype=qdtype)


# ---------------------------------------------------------------- strategies


def _shapes(min_dims=0, max_dims=3, max_side=4):
    return st.lists(st.integers(1, max_side), min_size=min_dims, max_size=max_dims).map(tuple)


@st.composite
def quantized_tensors(draw, dtypes=QUANTIZED_DTYPES, schemes=QSCHEMES, *, min_side=1, scales=(0.5,), extreme_zero_points=False, device="cpu"):
    """Quantized tensors: scheme first, then dtype, shape, axis, scale and zero point (all through ``quantized``).

    ``min_side=0`` allows zero-size dims for per-tensor tensors;
    ``extreme_zero_points`` draws per-tensor zero points at the ends of the dtype's range too.
    """
    usable = [s for s in schemes if scheme_dtypes(s, dtypes)]
    if not usable:
        raise ValueError(f"no dtype in {dtypes} allows any of {schemes}")
    scheme = draw(st.sampled_from(usable))
    dtype = draw(st.sampled_from(scheme_dtypes(scheme, dtypes)))
    per_channel = scheme != "per_tensor"
    shape = tuple(draw(st.lists(st.integers(1 if per_channel else min_side, 4 if min_side else 3), min_size=1 if per_channel else 0, max_size=3)))
    if dtype in PACKED_DTYPES and shape:
        shape = (*shape[:-1], 4)
    axis = draw(st.integers(0, len(shape) - 1)) if per_channel else 0
    scale = draw(st.sampled_from(scales))
    zero_point = None
    if not per_channel and extreme_zero_points:
        low, high = ZERO_POINT_RANGE[dtype]
        zero_point = draw(st.sampled_from(sorted({0, low, high, (low + high) // 2})))
    return quantized(shape, dtype, scheme, axis, device, scale=scale, zero_point=zero_point)


@st.composite
def nested_tensors(draw, layouts=NESTED_LAYOUTS, dtypes=(torch.float32, torch.float64)):
    """Nested tensors of two ragged components, in jagged or strided layout."""
    layout = draw(st.sampled_from(layouts))
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(_shapes(min_dims=1, max_dims=2))
    return nested(shape, dtype, layout)


@st.composite
def sparse_tensors(draw, layouts=SPARSE_LAYOUTS, dtypes=(torch.float32, torch.float64, torch.int64)):
    """Sparse COO (any rank) and compressed (2-D) tensors built from deterministic dense values."""
    layout = draw(st.sampled_from(layouts))
    dtype = draw(st.sampled_from(dtypes))
    coo = layout.startswith("coo")
    shape = draw(_shapes(min_dims=1 if coo else 2, max_dims=3 if coo else 2))
    return sparse(shape, dtype, layout)


@st.composite
def viewed_tensors(draw, relations=VIEW_RELATIONS, dtypes=(torch.float32, torch.int64)):
    """Dense tensors tied to another: one with a live view of it, or one that is a view (``_base`` set)."""
    relation = draw(st.sampled_from(relations))
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(_shapes())
    return make(relation, shape, dtype)
