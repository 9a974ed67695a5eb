"""``dtypes()``: a strategy of torch dtypes, simplest first so shrinking lands on float32."""
from __future__ import annotations

import torch
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.internal.validation import check_type
from hypothesis.strategies._internal.utils import defines_strategy

# The order shrinking prefers: the dtype most kernels support first, exotic ones last.
PREFERENCE = (
    torch.float32, torch.int64, torch.bool, torch.float64, torch.int32, torch.int16, torch.int8,
    torch.uint8, torch.float16, torch.bfloat16, torch.complex64, torch.complex128,
)
FLOATING = frozenset({torch.float16, torch.bfloat16, torch.float32, torch.float64})
COMPLEX = frozenset({torch.complex32, torch.complex64, torch.complex128})


def simplest_first(allowed) -> list:
    """``allowed`` ordered by PREFERENCE, unknown dtypes last (by name), so draws shrink towards float32."""
    rank = {d: i for i, d in enumerate(PREFERENCE)}
    return sorted(set(allowed), key=lambda d: (rank.get(d, len(rank)), str(d)))


def is_differentiable(dtype: torch.dtype) -> bool:
    return dtype in FLOATING or dtype in COMPLEX


@defines_strategy()
def dtypes(allowed=None) -> st.SearchStrategy[torch.dtype]:
    """Dtypes drawn from ``allowed`` (default: the common ones in PREFERENCE), float32 first when present."""
    if allowed is None:
        allowed = PREFERENCE
    if isinstance(allowed, torch.dtype):
        raise InvalidArgument(f"allowed={allowed!r} must be a collection of dtypes, not one dtype")
    allowed = list(allowed)
    for d in allowed:
        check_type(torch.dtype, d, "element of allowed")
    if not allowed:
        raise InvalidArgument("allowed must name at least one dtype")
    return st.sampled_from(simplest_first(allowed))
