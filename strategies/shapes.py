"""``shapes()``: tensor shapes with 0-d, zero-size and size-1 dims, small so every example is cheap."""
from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.internal.validation import check_type, check_valid_integer, check_valid_interval
from hypothesis.strategies._internal.utils import defines_strategy

MAX_NUMEL = 4096  # "large but cheap": sides multiply, so cap the product


@defines_strategy()
def shapes(min_dims: int = 0, max_dims: int = 4, min_side: int = 0, max_side: int = 5, max_numel: int = MAX_NUMEL) -> st.SearchStrategy[tuple]:
    """Shapes of ``min_dims``..``max_dims`` dims, each side in ``min_side``..``max_side``.

    Shrinks towards fewer dims first (0-d when allowed), then towards smaller
    sides; size 0 and size 1 are in range whenever ``min_side`` allows them.
    """
    for name, value in (("min_dims", min_dims), ("max_dims", max_dims), ("min_side", min_side), ("max_side", max_side), ("max_numel", max_numel)):
        check_type(int, value, name)
        check_valid_integer(value, name)
        if value < 0:
            raise InvalidArgument(f"{name}={value} must be non-negative")
    check_valid_interval(min_dims, max_dims, "min_dims", "max_dims")
    check_valid_interval(min_side, max_side, "min_side", "max_side")
    if max_dims > 32:
        raise InvalidArgument(f"max_dims={max_dims} is more than torch allows (32)")
    if min_dims and min_side ** min_dims > max_numel:
        raise InvalidArgument(f"min_side={min_side} ** min_dims={min_dims} exceeds max_numel={max_numel}")

    def small_enough(shape):
        n = 1
        for s in shape:
            n *= s
        return n <= max_numel

    return st.lists(st.integers(min_side, max_side), min_size=min_dims, max_size=max_dims).map(tuple).filter(small_enough)
