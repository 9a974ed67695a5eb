"""A call: one invocation of an op on concrete inputs, the unit every source produces."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from opprop.core import quantized_engine
from opprop.core.descriptions import describe_value


CROSSING = "crossing"  # the source of a crossing call (generators.crossing): "crossing <index> (seed <seed>): <kinds>"


def from_schema_alone(source: str) -> bool:
    """Whether a call was made from its overload's schema alone (a schema draw, a crossing call): no caller checked
    the preconditions a private overload trusts its callers with."""
    return source == "schema" or source.startswith(CROSSING + " ")


@dataclasses.dataclass
class Call:
    """``fn(*args, **kwargs)``; ``target`` names it in reports (OpInfo id or overload), ``source`` says who made it."""

    target: str
    fn: Callable
    args: tuple
    kwargs: dict = dataclasses.field(default_factory=dict)
    source: str = "sample"
    engine: str | None = None  # the quantized engine it runs under (quantized_engine); None: the one in effect

    def __call__(self) -> Any:
        if self.engine is None:
            return self.fn(*self.args, **self.kwargs)
        with quantized_engine.using(self.engine):
            return self.fn(*self.args, **self.kwargs)

    def __repr__(self) -> str:  # what Hypothesis prints as the falsifying example
        args = ", ".join(repr(describe_value(a)) for a in self.args)
        kwargs = ", ".join(f"{k}={describe_value(v)!r}" for k, v in self.kwargs.items())
        return f"Call({self.target}: {args}{', ' if args and kwargs else ''}{kwargs})"


def from_spec(spec, *, fn: Callable | None = None, source: str = "repro") -> Call:
    """A ``CallSpec`` as a runnable call on freshly built inputs (``fn``: in place of its overload), under the quantized
    engine it ran under: its packed weights' producers run while its inputs are built, so they are built under it too."""
    with quantized_engine.using(spec.engine):
        args, kwargs = spec.build()
    return Call(spec.op, spec.overload if fn is None else fn, args, kwargs, source=source, engine=spec.engine)
