"""Dense strided kinds: plain, a view of a larger tensor, one with a live view of it, transposed.

All are strided, so ``specs.TensorSpec`` reads, builds and writes them (a
view's strides and offset included): each needs only its builder. Values
come from ``arange``, so a repro rebuilt from shape, dtype and kind is the
same tensor again.
"""
from __future__ import annotations

import math

import torch

from opprop.core.tensor_kinds.registry import TensorKind

RANK = 0  # the simplest kinds, offered first to every op with a dense kernel


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


def with_live_view(t: torch.Tensor) -> torch.Tensor:
    """``t`` with a view of it kept alive (its storage use_count is 2 while the view lives)."""
    t._opprop_live_view = t.view(t.shape)  # the cycle keeps the view alive as long as t is
    return t


def as_view(shape, dtype=torch.float32, device="cpu") -> torch.Tensor:
    """A view whose ``_base`` is a larger tensor: offset by one element, so it is not the whole storage."""
    n = math.prod(shape)
    return values((n + 1,), dtype, device)[1:].view(tuple(shape))


def transposed(shape, dtype=torch.float32, device="cpu") -> torch.Tensor:
    """``values`` laid out with every dim reversed (not contiguous); a 0-d or 1-d shape stays plain."""
    if len(shape) < 2:
        return values(shape, dtype, device)
    return values(tuple(shape)[::-1], dtype, device).permute(*reversed(range(len(shape))))


KINDS = (
    TensorKind("dense", values),
    TensorKind("is_view", as_view),
    TensorKind("has_live_view", lambda shape, dtype, device: with_live_view(values(shape, dtype, device))),
    TensorKind("transposed", transposed),
)
