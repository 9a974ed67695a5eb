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
# The input's own (shape, dims, strides); none; one; and past the boundaries kernels check, or forget to: nine entries,
# a negative entry, a zero entry (sizes, strides and counts of nothing).
LIST_RULES = (DRAWN, "own", "empty", "single", "long", "negative", "zero")
DIM_LIST_RULES = (*LIST_RULES, "repeated", "past")  # a dim twice; a dim one past the last
SIZED_LIST_RULES = (*LIST_RULES, "short")  # a declared size (int[2]): one entry fewer ("long": one more)
KIND_RULES = (DRAWN, "own")  # the input's own dtype, layout, suggested memory format, device
# An int's plain draw is 0, 1 or 2. Past its boundary, by what it names: a dim one past either end; an enum-like int
# (reduction, mode) one past its last value; any other int (an index, a count, a size) negative. None is huge: a size
# past int32 would allocate gigabytes and end a worker as a false crash.
INT_RULES = (DRAWN, "negative")
BOUNDED_INT_RULES = (DRAWN, "negative", "past")
DIM_INTS = frozenset({"dim", "dim0", "dim1", "dim2", "axis", "start_dim", "end_dim", "source", "destination"})
ENUM_INTS = frozenset({"reduction", "mode", "interpolation_mode", "padding_mode"})
ENUM_PAST = 3  # one past the last value of every enum-like int above (0, 1, 2)
LONG_LIST = 9  # entries of a long list: past every rank kernels support (8)
KIND_TYPES = ("ScalarType", "Layout", "MemoryFormat", "Device")
RULES = {"float": SCALAR_RULES, "number": SCALAR_RULES, "List[int]": LIST_RULES, "int": INT_RULES,
         **{t: KIND_RULES for t in KIND_TYPES}}
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
    t = _type(arg)
    if t == "List[int]":
        return DIM_LIST_RULES if arg.name in DIM_LISTS else SIZED_LIST_RULES if arg.N else LIST_RULES
    if t == "int":
        return BOUNDED_INT_RULES if arg.name in DIM_INTS | ENUM_INTS else INT_RULES
    return RULES.get(t)


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
    if t == "int":
        return _int_value(arg, rule, ctx)
    return _scalar_value(t, rule, ctx.dtype)


def _int_value(arg, rule: str, ctx) -> int:
    """An int past its boundary: a dim one past either end, an enum-like int one past its values, else -1."""
    if arg.name in DIM_INTS:
        return max(ctx.ndim, 1) if rule == "past" else -max(ctx.ndim, 1) - 1
    return ENUM_PAST if rule == "past" else -1


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
    drawn = list(drawn or [])
    if rule == "empty":
        return []
    if rule == "single":
        return [drawn[0] if drawn else 1]
    if rule in ("negative", "zero"):
        return [-1 if rule == "negative" else 0, *drawn[1:]]
    if rule == "long":
        return (drawn + [1] * LONG_LIST)[:max(LONG_LIST, (arg.N or 0) + 1)]
    if rule == "short":
        return drawn[:arg.N - 1] if len(drawn) >= arg.N else drawn[:-1]
    if rule == "repeated":
        return [0, 0]
    if rule == "past":
        return [max(ctx.ndim, 1)]
    if arg.name in DIM_LISTS:  # own: the identity permutation, every dim once
        return list(range(ctx.ndim))
    if arg.name == "stride":
        strides, acc = [], 1
        for size in reversed(ctx.shape):
            strides.append(acc)
            acc *= max(size, 1)
        return strides[::-1]
    return list(ctx.shape)  # own: the input's sizes
