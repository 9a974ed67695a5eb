"""Edge modes of one tensor argument, and the relations one argument can have to another, built by rule.

Every schema-driven tensor can be drawn in one of ``TENSOR_MODES`` (its
shape, strides and values), an index argument within or just past the data
it indexes (``INDEX_BOUNDS``), and a tensor argument (``RELATIONS``) or an
``out=`` argument (``OUT_RELATIONS``) as another argument's very tensor or
a view over its memory. Builders are deterministic, so a mode replays from
its name alone.
"""
from __future__ import annotations

import itertools
import math

import torch

from opprop.strategies.kinds import values

# plain: the draw as it would be without a mode; visible: values a write cannot hide in (mixed signs, not
# sorted, not 0 or 1, different for each argument); extreme: values at the dtype's ends and past a narrower
# dtype's (a kernel that converts or packs saturates, clamps or wraps there); the rest are shapes and strides.
TENSOR_MODES = ("plain", "zero_size", "zero_dim", "transposed", "sliced", "expanded", "offset", "visible", "extreme")
NONCONTIGUOUS = ("transposed", "sliced", "expanded", "offset")
RELATIONS = ("own", "same", "view", "partial")  # own tensor; the earlier argument itself; a view over all of it; over part of it
OUT_RELATIONS = ("fresh", "same", "view")  # out= empty, as an input itself, or a view over all of an input's memory
INDEX_BOUNDS = ("within", "past")  # past: one index equal to the length it indexes
MAX_MASK = 4  # bool[N] masks up to this N are drawn in every combination


def mask_combinations(n: int) -> list[tuple]:
    """Every value of a ``bool[n]``, all True first (what most callers pass)."""
    return [tuple(not b for b in bits) for bits in itertools.product((False, True), repeat=n)]


def mode_shape(mode: str, shape) -> tuple:
    """The shape a mode gives a tensor drawn in ``shape``: zero_size empties the first dim, zero_dim is 0-d."""
    shape = tuple(shape)
    if mode == "zero_size":
        return (0, *shape[1:]) if shape else (0,)
    if mode == "zero_dim":
        return ()
    return shape


def base_shape(mode: str, shape, keep_ndim: bool = False) -> tuple:
    """The shape every tensor of a call shares when all of them are drawn in ``mode``.

    A strided mode needs two dims of at least two elements to change the
    strides at all (torch calls a transposed ``[1, 3]`` contiguous); it is
    2-D, a matrix, unless ``keep_ndim`` (an op named for its spatial dims).
    """
    shape = tuple(shape)
    if mode in NONCONTIGUOUS:
        if keep_ndim and len(shape) >= 2:
            return tuple(max(s, 2) for s in shape)
        return (max(shape[0], 2), max(shape[1], 2)) if len(shape) >= 2 else (2, 3)
    return mode_shape(mode, shape)


def visible_values(shape, dtype=torch.float32, device="cpu", salt: int = 0) -> torch.Tensor:
    """Values that make a write visible: mixed signs, unsorted, none 0 or 1, a different pattern per ``salt``."""
    n = math.prod(shape)
    k = torch.arange(n, dtype=torch.float64, device=device)
    mag = (k * (3 + 2 * salt) + 2 + salt).remainder(7 + salt) + 2  # 2 .. 8+salt, not monotone
    sign = torch.where((k + salt).remainder(2) == 0, -1.0, 1.0)
    if dtype == torch.bool:
        data = (k + salt).remainder(3) != 1
    elif dtype.is_floating_point or dtype.is_complex:
        data = (mag * sign * 0.75).to(dtype)
    elif dtype in (torch.uint8,) or not dtype.is_signed:
        data = mag.to(dtype)
    else:
        data = (mag * sign).to(dtype)
    return data.reshape(tuple(shape)).clone()


def extreme_values(shape, dtype=torch.float32, device="cpu") -> torch.Tensor:
    """Plain values, every other one replaced by an extreme: the dtype's largest and smallest, and values just past a
    narrower dtype's range (float16's 65504, int8's and int32's bounds) where the dtype holds them."""
    data = values(shape, dtype, device)
    if dtype == torch.bool or data.numel() == 0:
        return data
    if dtype.is_floating_point or dtype.is_complex:
        top = torch.finfo(dtype).max
        picks = [v for v in (1e5, -1e5, top, -top, 7e4) if abs(v) <= top]
    else:
        info = torch.iinfo(dtype)
        picks = [v for v in (info.max, info.min, 300, -300, 2**31, -(2**31) - 1) if info.min <= v <= info.max]
    flat = data.reshape(-1)
    for k in range(0, flat.numel(), 2):
        flat[k] = picks[(k // 2) % len(picks)]
    return data


def build(mode: str, shape, dtype=torch.float32, device: str = "cpu", salt: int = 0) -> torch.Tensor:
    """A dense tensor of ``mode_shape(mode, shape)`` in ``mode`` (a strided mode that cannot apply to the shape: contiguous)."""
    shape = mode_shape(mode, shape)
    if mode == "visible":
        return visible_values(shape, dtype, device, salt)
    if mode == "extreme":
        return extreme_values(shape, dtype, device)
    if mode == "transposed" and len(shape) >= 2:
        return values(shape[::-1], dtype, device).permute(*reversed(range(len(shape))))
    if mode == "sliced" and shape:
        wide = values((*shape[:-1], 2 * shape[-1]), dtype, device)
        return wide[..., ::2]
    if mode == "expanded" and shape:
        return values((1, *shape[1:]), dtype, device).expand(shape)
    if mode == "offset":
        n = math.prod(shape)
        return values((n + 1,), dtype, device)[1:].view(shape)
    return values(shape, dtype, device)


def related(relation: str, other: torch.Tensor) -> torch.Tensor:
    """An argument in ``relation`` to an earlier argument ``other``: itself, a view over all its memory, or over part of it.

    ``partial`` keeps ``other``'s shape (its first row, expanded), so the two stay compatible.
    """
    if relation == "same":
        return other
    if relation == "partial" and other.dim() >= 1 and other.shape[0] >= 2:
        return other[:1].expand(other.shape)
    return other[...]  # a new tensor over the same memory


def past_end(index: torch.Tensor, length: int) -> torch.Tensor:
    """``index`` with its last element set to ``length``: one index just past the data (a no-op on an empty index)."""
    if index.numel() == 0:
        return index
    index = index.clone()
    index.view(-1)[-1] = length
    return index
