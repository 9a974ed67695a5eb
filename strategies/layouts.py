"""Memory layouts: the same values (or, for ``expanded``, the same first slice) under other strides and offsets.

A ``StrideLayout`` is a pure description; ``StrideLayout.apply(t)`` builds a new tensor
laid out that way and never touches ``t``. ``layouts(shape)`` draws only the
layouts that make a difference for that shape, ``contiguous`` first.
"""
from __future__ import annotations

import dataclasses

import torch
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.internal.validation import check_type
from hypothesis.strategies._internal.utils import defines_strategy

KINDS = ("contiguous", "transposed", "sliced", "offset", "expanded", "channels_last")


@dataclasses.dataclass(frozen=True)
class StrideLayout:
    """``kind`` is one of KINDS; ``step`` is the slice step, ``offset`` the storage offset."""

    kind: str = "contiguous"
    step: int = 2
    offset: int = 1

    def applies_to(self, shape) -> bool:
        return applies(self.kind, tuple(shape))

    def apply(self, t: torch.Tensor) -> torch.Tensor:
        """A new strided tensor with ``t``'s shape, dtype and device, in this layout."""
        if not self.applies_to(t.shape):
            raise InvalidArgument(f"layout {self.kind!r} does not apply to shape {tuple(t.shape)}")
        src = t.detach()
        if self.kind == "contiguous":
            out = src.clone(memory_format=torch.contiguous_format)
        elif self.kind == "transposed":
            out = src.transpose(-1, -2).contiguous().transpose(-1, -2)
        elif self.kind == "sliced":
            base = src.new_empty((*src.shape[:-1], src.shape[-1] * self.step))
            out = base[..., :: self.step]
            out.copy_(src)
        elif self.kind == "offset":
            base = src.new_empty(src.numel() + self.offset)
            out = base[self.offset:].view(src.shape)
            out.copy_(src)
        elif self.kind == "expanded":
            out = _expanded(src)
        else:  # channels_last
            fmt = torch.channels_last if src.dim() == 4 else torch.channels_last_3d
            out = src.contiguous(memory_format=fmt)
        return out


def applies(kind: str, shape: tuple) -> bool:
    """Whether ``kind`` gives ``shape`` a layout that differs from contiguous."""
    if kind not in KINDS:
        raise InvalidArgument(f"layout kind {kind!r} is not one of {KINDS}")
    if kind == "contiguous":
        return True
    if kind == "transposed":
        return len(shape) >= 2 and shape[-1] > 1 and shape[-2] > 1
    if kind == "sliced":
        return len(shape) >= 1 and shape[-1] > 1
    if kind == "offset":
        return True
    if kind == "expanded":
        return _expand_dim(shape) is not None
    return len(shape) in (4, 5) and shape[1] > 1 and all(s > 0 for s in shape)


def _expand_dim(shape):
    """The dim ``expanded`` gives stride 0: the first of size > 1, else the first of size 1."""
    for d, s in enumerate(shape):
        if s > 1:
            return d
    for d, s in enumerate(shape):
        if s == 1:
            return d
    return None


def _expanded(src: torch.Tensor) -> torch.Tensor:
    """Stride 0 along one dim: the first slice along it, repeated (values change unless they were equal)."""
    d = _expand_dim(tuple(src.shape))
    first = src.narrow(d, 0, 1).clone()
    if src.shape[d] > 1:
        return first.expand(src.shape)
    stride = list(first.stride())
    stride[d] = 0
    return first.as_strided(first.shape, stride)


@defines_strategy()
def layouts(shape=None, kinds=KINDS) -> st.SearchStrategy[StrideLayout]:
    """Layouts that apply to ``shape`` (any shape when None), drawn from ``kinds``, contiguous first."""
    kinds = tuple(kinds)
    for k in kinds:
        check_type(str, k, "element of kinds")
        if k not in KINDS:
            raise InvalidArgument(f"layout kind {k!r} is not one of {KINDS}")
    if not kinds:
        raise InvalidArgument("kinds must name at least one layout")
    if shape is not None:
        check_type((tuple, list, torch.Size), shape, "shape")
        shape = tuple(shape)
        kinds = tuple(k for k in kinds if applies(k, shape))
        if not kinds:
            raise InvalidArgument(f"none of the layout kinds applies to shape {shape}")
    ordered = [k for k in KINDS if k in kinds]
    return st.builds(StrideLayout, kind=st.sampled_from(ordered), step=st.integers(2, 3), offset=st.integers(1, 3))
