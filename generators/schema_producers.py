"""Opaque arguments from their producers: a TorchScript class argument is made by an op that returns that class.

``quantized::linear`` takes a ``LinearPackedParamsBase``; nothing in the
schema says how to build one, but the dispatcher knows the ops that return
it (``quantized::linear_prepack``, ``_quantized::linear_prepack_fp16``, ...).
Such an argument is drawn as a call of one of its producers, itself drawn
from the producer's schema, and made only when the example runs: inside the
checks, so the producer is checked like any call, and its validity record
learns from it. The producer the draw chose is a choice like any other
(``NAME.producer``), so the consumer's record learns which producers it takes.
"""
from __future__ import annotations

import functools
import re

import torch

from opprop.core import produced

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)

CLASS_PREFIX = "__torch__."


def is_opaque(type_name: str) -> bool:
    return type_name.startswith(CLASS_PREFIX)


def opaque_type(type_name: str) -> str | None:
    """The TorchScript class an argument type holds (``X`` or ``Optional[X]``), or None for any other type."""
    bare = type_name[len("Optional["):-1] if type_name.startswith("Optional[") else type_name
    return bare if is_opaque(bare) else None


@functools.lru_cache(maxsize=None)
def producers_of(type_name: str) -> tuple[str, ...]:
    """Registered overloads whose first return is ``type_name`` and whose own arguments hold no opaque type, fewest
    arguments first (the simplest producer leads the draw's options)."""
    registered = set(torch._C._dispatch_get_all_op_names())
    found = []
    for schema in torch._C._jit_get_all_schemas():
        name = schema.name + (f".{schema.overload_name}" if schema.overload_name else "")
        if name not in registered and schema.name not in registered:
            continue
        if not schema.returns or str(schema.returns[0].type) != type_name:
            continue
        if any(is_opaque(str(a.type)) for a in schema.arguments):
            continue
        found.append((len(schema.arguments), name))
    return tuple(name for _, name in sorted(set(found)))


class Produced(produced.Unmade):
    """An opaque argument to be made when the example runs: its producer's drawn call."""

    __slots__ = ("call",)

    def __init__(self, call):
        self.call = call

    def make(self):
        made = self.call()  # the producer's SchemaCall: it records whether the producer took its arguments
        produced.register(made, self.call)  # a capture of the consumer's call keeps this call in its place
        return made

    def __repr__(self) -> str:
        return f"{self.call.target}(...)"


def _stem(op_name: str) -> str | None:
    """An op's name up to its spatial dims (``quantized::conv_transpose1d_dynamic`` -> ``conv_transpose1d``), or None
    when it names none: a Conv2dPackedParamsBase for conv1d is packed by conv1d_prepack (a 3-d weight), for
    conv_transpose2d by conv_transpose2d_prepack, where the class's simplest producer (conv2d_prepack) takes 4-d ones."""
    m = re.match(r".*?[a-z][123]d(?=_|$)", op_name.partition("::")[2].split(".")[0])
    return m.group(0) if m else None


def produce(arg, ctx, call_for):
    """A ``Produced`` for an opaque argument: one of its producers, chosen, and its call drawn (``call_for(op, ctx,
    prefix)``), or None when it has none."""
    from opprop.check import catalog

    options = [n for n in producers_of(opaque_type(str(arg.real_type))) if catalog.overload_from_name(n) is not None]
    if not options:
        return None
    stem = _stem(ctx.op_name)
    if stem is not None:  # producers named for the consumer's family and dims lead, in their order (sorted is stable)
        options.sort(key=lambda n: not n.partition("::")[2].startswith(stem))
    name = ctx.choose(f"{arg.name}.producer", options)
    return Produced(call_for(catalog.overload_from_name(name), ctx, f"{arg.name}>"))


def made(values):
    """``values`` (a call's args tuple or kwargs dict) with every ``Produced`` made: the producers run now."""
    if isinstance(values, dict):
        return {k: v.make() if type(v) is Produced else v for k, v in values.items()}
    return tuple(v.make() if type(v) is Produced else v for v in values)
