"""``tensors()``: strided tensors drawn structure first (dtype, shape, layout), then values.

Values default to small integers (every dtype holds them exactly), with
special floats (inf, nan, -0.0) available for ops that allow them. The
tensor is built from the drawn values by torch itself: no hand-rolled RNG.
"""
from __future__ import annotations

import math

import torch
from hypothesis import assume, strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.internal.validation import check_type
from hypothesis.strategies._internal.strategies import SearchStrategy
from hypothesis.strategies._internal.utils import defines_strategy

from opprop.strategies.dtypes import COMPLEX, FLOATING, dtypes as dtypes_strategy
from opprop.strategies.layouts import KINDS as LAYOUT_KINDS, StrideLayout, applies, layouts as layouts_strategy
from opprop.strategies.shapes import shapes as shapes_strategy

SPECIAL_FLOATS = (-0.0, 0.5, math.inf, -math.inf, math.nan)


def small_values(dtype: torch.dtype, *, allow_special: bool = False) -> SearchStrategy:
    """Elements for ``dtype``: small ints, shrinking towards 0; special floats last when allowed."""
    check_type(torch.dtype, dtype, "dtype")
    if dtype == torch.bool:
        return st.booleans()
    if dtype in FLOATING or dtype in COMPLEX:
        base = st.integers(-4, 4).map(float)
        if allow_special:
            base = st.one_of(base, st.sampled_from(SPECIAL_FLOATS))
        if dtype in COMPLEX:
            return st.builds(complex, base, base)
        return base
    if dtype.is_floating_point or dtype.is_complex:
        raise InvalidArgument(f"dtype={dtype} has no small-value strategy")
    info = torch.iinfo(dtype)
    return st.integers(max(info.min, -4), min(info.max, 4))


def arange_tensor(shape, dtype: torch.dtype = torch.float32, device: str = "cpu", modulo: int = 5) -> torch.Tensor:
    """Deterministic values ``arange(numel) % modulo`` in ``shape``: distinct enough to see data movement."""
    n = math.prod(shape)
    values = torch.arange(n, device=device) % modulo
    if dtype == torch.bool:
        return (values % 2 == 1).reshape(shape)
    return values.to(dtype).reshape(shape)


def _as_strategy(value, name, typ):
    if isinstance(value, SearchStrategy):
        return value
    check_type(typ, value, name)
    return st.just(value)


@defines_strategy()
def tensors(
    *,
    dtype=None,
    shape=None,
    layout=None,
    values=None,
    requires_grad=False,
    allow_special: bool = False,
    device: str = "cpu",
) -> SearchStrategy[torch.Tensor]:
    """Tensors with the given (or drawn) dtype, shape and layout.

    ``dtype``, ``shape`` and ``requires_grad`` are values or strategies;
    ``layout`` is a StrideLayout, a strategy of them (draws that do not fit the
    shape are discarded) or a collection of layout kinds (only those that
    apply to the drawn shape are drawn, contiguous when none does); ``values`` is a strategy of elements (default
    ``small_values(dtype)``) or the string ``"arange"`` for deterministic data.
    ``requires_grad`` applies only to floating and complex dtypes.
    """
    dtype_st = dtypes_strategy() if dtype is None else _as_strategy(dtype, "dtype", torch.dtype)
    shape_st = shapes_strategy() if shape is None else _as_strategy(tuple(shape) if isinstance(shape, (list, torch.Size)) else shape, "shape", tuple)
    kinds = None
    if isinstance(layout, (tuple, list)):
        kinds = tuple(layout)
        layouts_strategy(kinds=kinds).validate()
    elif layout is not None and not isinstance(layout, SearchStrategy):
        check_type(StrideLayout, layout, "layout")
    if values is not None and values != "arange" and not isinstance(values, SearchStrategy):
        raise InvalidArgument(f"values={values!r} must be a strategy of elements or 'arange'")
    grad_st = _as_strategy(requires_grad, "requires_grad", bool)
    check_type(bool, allow_special, "allow_special")
    check_type(str, device, "device")

    @st.composite
    def build(draw):
        dt = draw(dtype_st)
        shp = tuple(draw(shape_st))
        if layout is None or kinds is not None:
            usable = [k for k in (kinds or LAYOUT_KINDS) if applies(k, shp)] or ["contiguous"]
            lay = draw(layouts_strategy(shp, kinds=usable))
        else:
            lay = draw(_as_strategy(layout, "layout", StrideLayout))
            assume(lay.applies_to(shp))  # a drawn layout that cannot lay out this shape: not an example
        if values == "arange":
            data = arange_tensor(shp, dt, device)
        else:
            n = math.prod(shp)
            elements = values if values is not None else small_values(dt, allow_special=allow_special)
            flat = draw(st.lists(elements, min_size=n, max_size=n))
            data = torch.tensor(flat, dtype=dt, device=device).reshape(shp)
        out = lay.apply(data)
        if draw(grad_st) and (dt.is_floating_point or dt.is_complex):
            out.requires_grad_(True)
        return out

    return build()


def ramp(shape, *, dtype=torch.float32, device="cpu", start=0.0, step=None) -> torch.Tensor:
    """``start, start+step, ...`` laid out in ``shape``; the default step keeps values in [start, start+1).

    Deterministic, so an edge generator's drawn example replays exactly.
    """
    n = math.prod(shape)
    step = (1.0 / max(n, 1)) if step is None else step
    return (torch.arange(n, dtype=torch.float64, device=device) * step + start).to(dtype).reshape(shape)
