"""Arguments drawn in relation to earlier ones: the same tensor or a view over its memory, an ``out=`` that is an
input, an index just past the data it indexes. Each takes the ``DrawContext`` and a plan's choice (``schedule``).

The earlier argument a relation names is the call's first tensor argument
(``self``, ``input``, ...): the one an op most often lets another argument
or its ``out=`` share memory with.
"""
from __future__ import annotations

import torch

from opprop.strategies.edge_modes import INDEX_BOUNDS, OUT_RELATIONS, RELATIONS, past_end, related

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)


def _first_tensor(ctx) -> torch.Tensor | None:
    for value in ctx.values.values():
        if isinstance(value, torch.Tensor):
            return value if value.layout == torch.strided and not value.is_quantized and not value.is_nested else None
    return None


def related_input(arg, ctx):
    """The earlier tensor, or a view over it, when the plan relates this argument to it; None otherwise."""
    choice = f"{arg.name}.relation"
    if choice not in ctx.plan:
        return None
    relation = ctx.choose(choice, RELATIONS)
    other = _first_tensor(ctx)
    if relation == RELATIONS[0] or other is None:
        return None
    return related(relation, other)


def related_out(arg, ctx):
    """An ``out=`` that is the first input, or a view over all of its memory, when the plan says so; None otherwise."""
    choice = f"{arg.name}.relation"
    if choice not in ctx.plan:
        return None
    relation = ctx.choose(choice, OUT_RELATIONS)
    other = _first_tensor(ctx)
    if relation == OUT_RELATIONS[0] or other is None:
        return None
    return related(relation, other)


def indexed_length(arg, ctx) -> int:
    """The length an index-like argument indexes: offsets the indices they cut into bags; an index the first
    tensor's ``dim`` (0 when the op has none), a ``target`` its classes."""
    if arg.name.endswith("offsets"):
        data = ctx.values.get("indices", ctx.values.get("input"))
        return int(data.numel()) if isinstance(data, torch.Tensor) else 1
    data = next((v for k, v in ctx.values.items() if isinstance(v, torch.Tensor) and k != arg.name), None)
    if data is None or data.dim() == 0:
        return 1
    dim = ctx.values.get("dim")
    dim = dim if isinstance(dim, int) else (1 if arg.name == "target" and data.dim() >= 2 else 0)
    return int(data.shape[dim % data.dim()])


def bounded(arg, value, ctx):
    """``value`` with one index just past the data it indexes, when the plan says ``past``; as it is otherwise."""
    choice = f"{arg.name}.bound"
    if choice not in ctx.plan or ctx.choose(choice, INDEX_BOUNDS) == INDEX_BOUNDS[0]:
        return value
    length = indexed_length(arg, ctx)

    def past(t):
        if isinstance(t, torch.Tensor) and t.layout == torch.strided and not t.is_floating_point() and not t.is_complex() and t.dtype != torch.bool:
            return past_end(t, length)
        return t

    return [past(t) for t in value] if isinstance(value, (list, tuple)) else past(value)
