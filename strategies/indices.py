"""Index and offset tensors that stay valid for the data they index."""
from __future__ import annotations

import torch
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.internal.validation import check_type, check_valid_integer
from hypothesis.strategies._internal.utils import defines_strategy

from opprop.strategies.shapes import shapes as shapes_strategy

INDEX_DTYPES = (torch.int64, torch.int32)


def _check_count(value, name, minimum=0):
    check_type(int, value, name)
    check_valid_integer(value, name)
    if value < minimum:
        raise InvalidArgument(f"{name}={value} must be at least {minimum}")


@defines_strategy()
def index_tensors(size: int, *, shape=None, dtype=torch.int64, allow_negative: bool = False, device: str = "cpu"):
    """Index tensors into a dim of ``size``: every value in [0, size) (or [-size, size)), shrinking towards 0.

    ``size`` 0 allows only empty index tensors.
    """
    _check_count(size, "size")
    if dtype not in INDEX_DTYPES:
        raise InvalidArgument(f"dtype={dtype} is not an index dtype {INDEX_DTYPES}")
    check_type(bool, allow_negative, "allow_negative")
    shape_st = shapes_strategy(0, 2, 0, 4) if shape is None else st.just(tuple(shape))
    if size == 0:
        shape_st = shape_st.filter(lambda s: 0 in s)
        if shape is not None and 0 not in tuple(shape):
            raise InvalidArgument(f"size=0 admits no index, but shape={tuple(shape)} is not empty")
    low = -size if allow_negative else 0

    @st.composite
    def build(draw):
        shp = draw(shape_st)
        n = 1
        for s in shp:
            n *= s
        flat = draw(st.lists(st.integers(low, size - 1), min_size=n, max_size=n)) if n else []
        return torch.tensor(flat, dtype=dtype, device=device).reshape(shp)

    return build()


@defines_strategy()
def offsets(num_items: int, *, min_bags: int = 0, max_bags: int = 4, include_last_offset: bool = False, dtype=torch.int64, device: str = "cpu"):
    """Bag offsets for ``num_items`` indices: start at 0, non-decreasing, never past ``num_items``.

    Equal neighbours are empty bags; an offset equal to ``num_items`` is an
    empty bag at the end. With ``include_last_offset`` the last offset is
    ``num_items`` and closes the last bag, as embedding_bag expects.
    """
    _check_count(num_items, "num_items")
    _check_count(min_bags, "min_bags")
    _check_count(max_bags, "max_bags")
    if min_bags > max_bags:
        raise InvalidArgument(f"min_bags={min_bags} exceeds max_bags={max_bags}")
    if dtype not in INDEX_DTYPES:
        raise InvalidArgument(f"dtype={dtype} is not an index dtype {INDEX_DTYPES}")
    check_type(bool, include_last_offset, "include_last_offset")
    if not include_last_offset and min_bags == 0:
        min_bags = 1  # offsets must name at least the first bag's start
    cuts = st.lists(st.integers(0, num_items), min_size=max(min_bags - 1, 0), max_size=max(max_bags - 1, 0))

    def build(rest):
        values = [0] + sorted(rest)
        if include_last_offset:
            values.append(num_items)
        return torch.tensor(values, dtype=dtype, device=device)

    return cuts.map(build)


def index_ramp(n: int, high: int, *, device: str = "cpu") -> torch.Tensor:
    """``n`` int64 indices cycling through ``0..high-1``: always valid for a table of ``high`` rows."""
    return torch.arange(n, dtype=torch.long, device=device) % max(high, 1)
