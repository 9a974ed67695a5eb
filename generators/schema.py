"""Schema-driven calls: a Hypothesis strategy for any ``OpOverload`` built from its schema alone.

Works for every ``torch.ops.aten`` overload and any ``torch.library``
namespace. Arguments are filled in schema order: name conventions first
(``schema_names``), then the argument's type (``schema_args``); every
tensor starts from one base shape and dtype, so they agree. ``out=``
arguments get empty tensors the op resizes, or an input (``schedule``: the
call first draws its plan of edge modes and relations, the first examples
from a covering schedule). Each call records the choices
it was drawn with and, when run, whether the op refused them
(``opprop.inputs.validity``), so later draws avoid what the op rejects; a
call that ends in a bug is never a refusal.
"""
from __future__ import annotations

import dataclasses

import torch
from hypothesis import reject, strategies as st
from torch._ops import OpOverload

from opprop.check import catalog
from opprop.inputs import validity
from opprop.core import quantized_engine
from opprop.core.calls import Call
from opprop.check.runner import ARGUMENT_ERRORS
from opprop.core.outcomes import says_bug

from opprop.generators import schedule
from opprop.generators.schema_args import DTYPES, DrawContext, kinds_for, unsupported_types, value_for_type
from opprop.generators.schema_names import convention_value
from opprop.generators.schema_relations import bounded, related_input, related_out
from opprop.generators.schema_producers import Produced, made, opaque_type, produce
from opprop.generators import schema_groups
from opprop.generators.schema_indices import structured
from opprop.generators.schema_values import ruled

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)

SOURCE = "schema"


@dataclasses.dataclass(repr=False)
class SchemaCall(Call):
    """A Call that tells the op's validity record whether the op accepted it."""

    choices: dict = dataclasses.field(default_factory=dict)
    learner: object = None
    produced: bool = False  # some argument is a Produced (an opaque argument, made when the call runs)

    def __call__(self):
        try:
            with quantized_engine.using(self.engine):  # its producers and itself under the engine it drew
                if self.produced:  # opaque arguments are made now, under the checks (schema_producers)
                    out = self.fn(*made(self.args), **made(self.kwargs))
                else:
                    out = self.fn(*self.args, **self.kwargs)
        except ARGUMENT_ERRORS as e:
            if self.learner is not None:  # an internal assert, public op or private, is a finding, never a refusal
                self.learner.record(self.choices, says_bug(e))
            raise
        if self.learner is not None:
            self.learner.record(self.choices, True)
        return out

    @property
    def modes(self) -> dict:
        """The edge modes and relations this call was drawn in (``schedule.modes_of``)."""
        return schedule.modes_of(self.choices)


def unreachable_reason(op: OpOverload) -> str | None:
    """Why the schema alone cannot drive this overload, or None when it can."""
    no_group = schema_groups.unreachable_reason(op)  # a collective without torch.distributed on this build
    if no_group is not None:
        return no_group
    bad = unsupported_types(op)
    if bad:
        return f"argument type {bad[0]} has no strategy"
    if any(str(a.real_type) == "Generator" for a in op._schema.arguments):
        return "needs a Generator"
    return None


# An out= tensor's dtype, named by its relation to the call's: "same" (an elementwise op's out), "floating" (the
# input's if floating or complex, else the default float: what ops that promote integers return, sigmoid, div, mean)
# or a fixed one (indices, masks). A choice recorded as "torch.float32" when it meant "the input's" taught the validity
# record nothing across calls of other dtypes: refusals of a wrong out dtype were a tenth of a sweep's reached
# overloads'; a fixed float32 then still met float64 inputs ("Expected out tensor to have dtype double") and "same"
# integer inputs of promoting ops ("result type Float can't be cast to the desired output type Long"), together about
# a seventh of a later sweep's refusals.
OUT_DTYPES = ("same", "floating", torch.int64, torch.bool)


def out_dtype(option, input_dtype: torch.dtype) -> torch.dtype:
    """The out= dtype an ``OUT_DTYPES`` option names for a call whose tensors are ``input_dtype``."""
    if option == "same":
        return input_dtype
    if option == "floating":
        return input_dtype if input_dtype.is_floating_point or input_dtype.is_complex else torch.get_default_dtype()
    return option


def _built_out(kind: str, dtype: torch.dtype, ctx: DrawContext) -> torch.Tensor:
    """An out= tensor of a ``schedule.OUT_KINDS`` kind other than empty, in the call's shape (what the op should resize)."""
    shape = ctx.shape
    if kind == "sized" or (kind in ("transposed", "channels_last") and len(shape) < 2):
        return torch.empty(shape, dtype=dtype, device=ctx.device)
    if kind == "transposed" or (kind == "channels_last" and len(shape) != 4):
        return torch.empty(tuple(reversed(shape)), dtype=dtype, device=ctx.device).permute(*reversed(range(len(shape))))
    if kind == "channels_last":
        return torch.empty(shape, dtype=dtype, device=ctx.device, memory_format=torch.channels_last)
    return torch.empty(shape, dtype=dtype, device=ctx.device)._neg_view()  # "neg"


def _out_tensor(arg, ctx: DrawContext):
    dtype = out_dtype(ctx.choose(f"{arg.name}.dtype", OUT_DTYPES), ctx.dtype)
    if str(arg.real_type).startswith("List"):
        # one output per element of the call's tensor lists (_foreach_*.out): a shorter out list
        # trips the generated copy kernel's internal assert, an input no caller passes
        return [torch.empty(0, dtype=dtype, device=ctx.device) for _ in range(ctx.list_length or 1)]
    kind = ctx.choose(f"{arg.name}.out_kind", schedule.OUT_KINDS)
    return torch.empty(0, dtype=dtype, device=ctx.device) if kind == "empty" else _built_out(kind, dtype, ctx)


def _draw_value(arg, ctx: DrawContext):
    if schedule.is_out(arg):
        value = related_out(arg, ctx)
        return _out_tensor(arg, ctx) if value is None else value
    if arg.default_value is not None or str(arg.real_type).startswith("Optional"):
        if ctx.choose(f"{arg.name}.default", (True, False)):
            return arg.default_value
    value = related_input(arg, ctx)
    if value is None:
        value = structured(arg, ctx)  # offsets, lengths: a relation to the data they cut (schema_indices)
    if value is not None:
        return value
    return ruled(arg, bounded(arg, _own_value(arg, ctx), ctx), ctx)


def _own_value(arg, ctx: DrawContext):
    value = schema_groups.group_value(arg, ctx)  # the one-process group, its name, a ReduceOp, a rank in it
    if value is not NotImplemented:
        return value
    if opaque_type(str(arg.real_type)):  # made by a producer (schema_producers)
        value = produce(arg, ctx, _producer_call)
        if value is None:
            reject()
        return value
    try:
        value = convention_value(arg, ctx)
    except (RuntimeError, ValueError, IndexError, TypeError, AttributeError):
        value = NotImplemented  # the convention does not fit what was drawn before (a nested weight, ...)
    if value is NotImplemented:
        try:
            value = value_for_type(arg, ctx)
        except (RuntimeError, ValueError, IndexError):
            reject()  # no such value for this draw: an invalid draw, not an op rejection
    return value


def _draw_arguments(arguments, ctx: DrawContext) -> tuple[list, dict]:
    args, kwargs = [], {}
    for arg in arguments:
        value = _draw_value(arg, ctx)
        ctx.values[arg.name] = value
        if arg.kwarg_only:
            if value is not None or arg.default_value is None:
                kwargs[arg.name] = value
        else:
            args.append(value)
    return args, kwargs


def _producer_call(op: OpOverload, ctx: DrawContext, prefix: str) -> SchemaCall:
    """A producer's call, drawn for the consumer's example: its choices are the consumer's (``ARG>choice``), so
    the consumer's validity record learns which producer arguments give it an object it takes."""
    sub = DrawContext(ctx.draw, op, ctx.learner, ctx.device, prefix=prefix)
    sub.shape = ctx.shape  # the consumer's base shape: a packed weight's channels and features then match its input's
    args, kwargs = _draw_arguments(list(op._schema.arguments), sub)
    ctx.choices.update(sub.choices)
    return SchemaCall(catalog.qualified_name(op), op, tuple(args), kwargs, source=SOURCE)


def op_schedule(op: OpOverload) -> schedule.Schedule:
    """The op's mode choices and the rows that cover them (what ``scheduled`` runs first)."""
    return schedule.Schedule(op, kinds=kinds_for(catalog.qualified_name(op), generic=False))


def schema_call_strategy(op: OpOverload, device: str = "cpu", *, learner=None, row: int | None = None):
    """Calls of ``op`` drawn from its schema, or None when some argument type has no strategy.

    ``row``: calls in that row of the op's schedule of edge modes and
    relations (``scheduled``); their choices replay in the strategy drawn
    without it.
    """
    if unreachable_reason(op) is not None:
        return None
    name = catalog.qualified_name(op)
    learner = validity.store().for_op(name) if learner is None else learner
    steer = learner.snapshot()  # what earlier calls taught, fixed for this strategy's lifetime
    arguments = list(op._schema.arguments)
    plans = op_schedule(op).plan_strategy(steer, row)

    @st.composite
    def calls(draw):
        ctx = DrawContext(draw, op, steer, device, plan=draw(plans))
        engine = quantized_engine.drawn(op, ctx.choose)  # a packed weight's engine (a schedule row's, or drawn), or None
        args, kwargs = _draw_arguments(arguments, ctx)
        produced = any(type(v) is Produced for v in (*args, *kwargs.values()))
        return SchemaCall(name, op, tuple(args), kwargs, source=SOURCE, engine=engine,
                          choices=dict(ctx.choices), learner=learner, produced=produced)

    return calls()


def scheduled(op: OpOverload, device: str = "cpu", *, learner=None):
    """(free, rows): the schema strategy, and one strategy per row of the op's schedule, to run first (each
    row's calls replay in the free one). None when the schema cannot drive the op."""
    if unreachable_reason(op) is not None:
        return None
    count = len(op_schedule(op).rows)
    rows = [schema_call_strategy(op, device, learner=learner, row=k) for k in range(count)]
    return schema_call_strategy(op, device, learner=learner), rows


__all__ = ["DTYPES", "SchemaCall", "schema_call_strategy", "scheduled", "unreachable_reason"]
