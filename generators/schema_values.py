"""Values by rule: the argument values at which kernels take their shortcuts, as edge modes of float, number, int-list and dtype arguments.

A kernel's early return lives at one value: the identity of the operation
(``alpha=1``, ``other=0``: nothing to do, so ``return self``), an argument
equal to the input's own property (``expand(x, x.shape)``, ``to(x, x.dtype)``,
``permute(x, range(ndim))``), an empty list or a list of one, or a bound at a
dtype's extreme (``clamp(x, max=finfo.max)``: nothing to clamp). Free draws
rarely land on them, so each is a mode of the argument (``NAME.value``), in the
op's covering schedule (``generators.schedule``) like the tensor modes: every
value rule of every argument runs within a target's first 20 examples.

The rules go by the argument's type and, for lists, its name; the call's own
values (base shape, dtype) say what "own" and "extreme" are.
"""
from __future__ import annotations

import torch
from torch._prims_common import suggest_memory_format

from opprop.generators.schema_indices import structure_of
from opprop.generators.schema_names import RELATED

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)

DRAWN = "drawn"  # the value the draw made (every rule's plain option)
SCALAR_RULES = (DRAWN, "zero", "one", "extreme")  # additive and multiplicative identities; the call dtype's largest value
LIST_RULES = (DRAWN, "own", "empty", "single")  # the input's own (shape, dims, strides); none; one
KIND_RULES = (DRAWN, "own")  # the input's own dtype, layout, suggested memory format, device
# An int (a dim, an index, a count) has no rule: its plain draw is 0, 1 or 2 already, and past int32 it is refused.
KIND_TYPES = ("ScalarType", "Layout", "MemoryFormat", "Device")
RULES = {"float": SCALAR_RULES, "number": SCALAR_RULES, "List[int]": LIST_RULES, **{t: KIND_RULES for t in KIND_TYPES}}
DIM_LISTS = frozenset({"dims", "dim", "perm", "permutation"})  # own: every dim in order (an identity permutation)


def _type(arg) -> str:
    t = str(arg.real_type)
    return t[len("Optional["):-1] if t.startswith("Optional[") else t


def rules_for(arg) -> tuple | None:
    """The value rules of an argument (its ``NAME.value`` mode's options), or None for a type without any."""
    if arg.kwarg_only and arg.alias_info is not None:  # an out= argument
        return None
    if arg.name in RELATED or structure_of(arg):  # drawn in relation to another argument (an upper bound above its
        return None  # lower one; split sizes summing to the dim: schema_indices)
    return RULES.get(_type(arg))


def ruled(arg, value, ctx):
    """``value``, or the value the plan's rule for this argument says (an absent optional argument stays absent)."""
    choice = f"{arg.name}.value"
    options = rules_for(arg)
    t = _type(arg)
    if options is None or choice not in ctx.plan or (value is None and t not in KIND_TYPES):
        return value  # a kind-valued argument drawn absent (layout=None) is given the input's own: kernels compare them
    rule = ctx.choose(choice, options)
    if rule == DRAWN:
        return value
    if t == "ScalarType":
        return ctx.dtype
    if t in KIND_TYPES:
        return _own_kind(t, value, ctx)
    if t == "List[int]":
        return _list_value(arg, rule, value, ctx)
    return _scalar_value(t, rule, ctx.dtype)


def _own_kind(t: str, drawn, ctx):
    """The first tensor's own layout, suggested memory format or device; the drawn value when no tensor came before."""
    first = next((v for v in ctx.values.values() if isinstance(v, torch.Tensor)), None)
    if first is None:
        return drawn
    if t == "Layout":
        return first.layout
    if t == "Device":
        return first.device
    if first.layout != torch.strided or first.is_nested:
        return torch.preserve_format  # a tensor without strides has no suggested format: keep it as it is
    return suggest_memory_format(first)


def _scalar_value(t: str, rule: str, dtype: torch.dtype):
    if rule == "zero":
        return 0.0 if t == "float" else 0
    if rule == "one":
        return 1.0 if t == "float" else 1
    if dtype == torch.bool:  # "extreme": the call dtype's largest value
        return 1
    if dtype.is_floating_point or dtype.is_complex:
        return torch.finfo(dtype).max
    return torch.iinfo(dtype).max if t == "number" else torch.finfo(torch.float32).max  # a float beside integer tensors


def _list_value(arg, rule: str, drawn, ctx) -> list[int]:
    if rule == "empty":
        return []
    if rule == "single":
        return [drawn[0] if drawn else 1]
    if arg.name in DIM_LISTS:  # own: the identity permutation, every dim once
        return list(range(ctx.ndim))
    if arg.name == "stride":
        strides, acc = [], 1
        for size in reversed(ctx.shape):
            strides.append(acc)
            acc *= max(size, 1)
        return strides[::-1]
    return list(ctx.shape)  # own: the input's sizes
