"""Tensor kinds beyond dense strided: quantized, nested, sparse, and tensors tied to a live view or a base.

Each kind has a deterministic builder (``quantized(shape, ...)``) and a
Hypothesis strategy (``quantized_tensors()``). Values come from ``arange``,
so a repro rebuilt from shape, dtype and kind is the same tensor again.
The schema-driven generator draws a kind per tensor argument and learns,
per op, which kinds the op rejects (``opprop.inputs.validity``).
"""
from __future__ import annotations

import math
import warnings

import torch
from hypothesis import strategies as st

QUANTIZED_DTYPES = (torch.quint8, torch.qint8, torch.qint32, torch.quint4x2, torch.quint2x4)  # every quantized dtype
PER_CHANNEL_DTYPES = (torch.quint8, torch.qint8, torch.qint32)  # what quantize_per_channel accepts on CPU with integer zero points
FLOAT_QPARAMS_DTYPES = (torch.quint8, torch.quint4x2)  # what it accepts with float zero points (embedding-bag style)
PACKED_DTYPES = (torch.quint4x2, torch.quint2x4)  # 2 or 4 values a byte: the innermost size must be even
ZERO_POINT_RANGE = {torch.quint8: (0, 255), torch.qint8: (-128, 127), torch.qint32: (-(2**31), 2**31 - 1), torch.quint4x2: (0, 15), torch.quint2x4: (0, 3)}
QSCHEMES = ("per_tensor", "per_channel", "per_channel_float_qparams")
NESTED_LAYOUTS = ("jagged", "strided")
SPARSE_LAYOUTS = ("coo", "coo_uncoalesced", "csr", "csc", "bsr", "bsc")
VIEW_RELATIONS = ("has_live_view", "is_view")

# Every kind the schema-driven generator can draw for a tensor argument, simplest first.
KINDS = ("dense", "is_view", "has_live_view", "quantized_per_tensor", "quantized_per_channel", "sparse_coo", "sparse_coo_uncoalesced", "sparse_csr",
         "sparse_csc", "sparse_bsr", "sparse_bsc", "nested_strided", "nested_jagged")


def values(shape, dtype=torch.float32, device="cpu") -> torch.Tensor:
    """A contiguous tensor with small, positive, deterministic values (``arange`` based)."""
    n = math.prod(shape)
    base = torch.arange(n, dtype=torch.float64, device=device)
    if dtype == torch.bool:
        data = base.remainder(2).bool()
    elif dtype.is_floating_point or dtype.is_complex:
        data = base.remainder(7).add(1).mul(0.25).to(dtype)
    else:
        data = base.remainder(5).add(1).to(dtype)
    return data.reshape(tuple(shape)).clone()  # a fresh tensor: no _base


def _quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # quantized and nested creation warn they are prototypes
        return fn(*args, **kwargs)


# ------------------------------------------------------------------ builders


def quantized(shape, dtype=torch.quint8, scheme="per_tensor", axis=0, device="cpu", *, scale=0.5, zero_point=None) -> torch.Tensor:
    """Quantize ``values(shape)``, the one builder of quantized tensors (schema draws, edge generators, tests).

    ``scheme``: ``per_tensor`` (any quantized dtype; ``zero_point`` default 1,
    0 for qint32), ``per_channel`` along ``axis`` (scales from ``scale`` to
    three times it, zero points 0) or ``per_channel_float_qparams`` (float
    zero points from 0 to 1, as quantized embedding bags use).
    """
    shape = tuple(shape)
    x = values(shape, torch.float32, device)
    if scheme == "per_tensor" or len(shape) == 0:
        zp = (1 if dtype != torch.qint32 else 0) if zero_point is None else zero_point
        return _quiet(torch.quantize_per_tensor, x, scale, zp, dtype)
    if scheme not in QSCHEMES:
        raise ValueError(f"unknown quantization scheme {scheme!r}; expected one of {QSCHEMES}")
    axis = axis % len(shape)
    n = shape[axis]
    scales = torch.linspace(scale, 3 * scale, n, dtype=torch.double, device=device) if n > 1 else torch.full((n,), scale, dtype=torch.double, device=device)
    if scheme == "per_channel_float_qparams":
        zero_points = torch.linspace(0.0, 1.0, n, dtype=torch.float32, device=device)
    else:
        zero_points = torch.zeros(n, dtype=torch.long, device=device)
    return _quiet(torch.quantize_per_channel, x, scales, zero_points, axis, dtype)


def nested(shape, dtype=torch.float32, layout="strided", device="cpu", *, count=2, ragged=True) -> torch.Tensor:
    """A nested tensor of ``count`` components: ``shape``, then ``shape`` with its first size grown by one, two, ...
    (or all ``shape`` when not ``ragged``).

    Jagged layout needs at least one dimension per component (the ragged one).
    """
    shape = tuple(shape) or (1,)
    parts = [values((shape[0] + (i if ragged else 0), *shape[1:]), dtype, device) for i in range(count)]
    torch_layout = torch.jagged if layout == "jagged" else torch.strided
    return _quiet(torch.nested.nested_tensor, parts, layout=torch_layout)


def sparse(shape, dtype=torch.float32, layout="coo", device="cpu") -> torch.Tensor:
    """``values(shape)`` in sparse COO (coalesced, or not: every entry twice, once as 0) or compressed form.

    Compressed layouts (``csr``, ``csc``, ``bsr``, ``bsc``; blocks of 1x1) take
    2-D tensors, or batched 3-D; a 0-d or 1-d shape becomes one row.
    """
    dense = values(shape, dtype, device)
    if layout == "coo":
        return dense.to_sparse().coalesce()
    if layout == "coo_uncoalesced":  # what _coalesce and friends take: the same values, duplicate indices
        c = dense.to_sparse().coalesce()
        indices = torch.cat([c.indices(), c.indices()], dim=1)
        return torch.sparse_coo_tensor(indices, torch.cat([c.values(), torch.zeros_like(c.values())]), c.shape)
    if layout not in SPARSE_LAYOUTS:
        raise ValueError(f"unknown sparse layout {layout!r}; expected one of {SPARSE_LAYOUTS}")
    if dense.dim() < 2:
        dense = dense.reshape(1, -1)
    if layout == "csr":
        return dense.to_sparse_csr()
    if layout == "csc":
        return dense.to_sparse_csc()
    return dense.to_sparse_bsr((1, 1)) if layout == "bsr" else dense.to_sparse_bsc((1, 1))


def with_live_view(t: torch.Tensor) -> torch.Tensor:
    """``t`` with a view of it kept alive (its storage use_count is 2 while the view lives)."""
    t._opprop_live_view = t.view(t.shape)  # the cycle keeps the view alive as long as t is
    return t


def as_view(shape, dtype=torch.float32, device="cpu") -> torch.Tensor:
    """A view whose ``_base`` is a larger tensor: offset by one element, so it is not the whole storage."""
    n = math.prod(shape)
    return values((n + 1,), dtype, device)[1:].view(tuple(shape))


def make(kind: str, shape, dtype=torch.float32, *, qdtype=None, device="cpu") -> torch.Tensor:
    """Build one tensor of a named kind (one of ``KINDS``)."""
    qdtype = qdtype or torch.quint8
    if kind == "dense":
        return values(shape, dtype, device)
    if kind == "is_view":
        return as_view(shape, dtype, device)
    if kind == "has_live_view":
        return with_live_view(values(shape, dtype, device))
    if kind == "quantized_per_tensor":
        return quantized(shape, qdtype, "per_tensor", device=device)
    if kind == "quantized_per_channel":
        return quantized(shape, qdtype if qdtype in PER_CHANNEL_DTYPES else torch.quint8, "per_channel", device=device)
    if kind == "quantized_per_channel_float_qparams":
        return quantized(shape, qdtype if qdtype in FLOAT_QPARAMS_DTYPES else torch.quint8, "per_channel_float_qparams", device=device)
    if kind.startswith("sparse_"):
        return sparse(shape, dtype, kind.split("_", 1)[1], device)
    if kind.startswith("nested_"):
        return nested(shape, dtype, kind.split("_", 1)[1], device)
    raise ValueError(f"unknown tensor kind {kind!r}; expected one of {KINDS}")


# ---------------------------------------------------------------- strategies


def _shapes(min_dims=0, max_dims=3, max_side=4):
    return st.lists(st.integers(1, max_side), min_size=min_dims, max_size=max_dims).map(tuple)


def scheme_dtypes(scheme: str, dtypes=QUANTIZED_DTYPES) -> list:
    """The dtypes of ``dtypes`` that ``scheme`` can quantize to on CPU."""
    if scheme == "per_channel":
        return [d for d in dtypes if d in PER_CHANNEL_DTYPES]
    if scheme == "per_channel_float_qparams":
        return [d for d in dtypes if d in FLOAT_QPARAMS_DTYPES]
    return list(dtypes)


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
