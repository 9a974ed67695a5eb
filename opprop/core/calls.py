"""A call: one invocation of an op on concrete inputs, the unit every source produces."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from opprop.core.descriptions import describe_value


@dataclasses.dataclass
class Call:
    """``fn(*args, **kwargs)``; ``target`` names it in reports (OpInfo id or overload), ``source`` says who made it."""

    target: str
    fn: Callable
    args: tuple
    kwargs: dict = dataclasses.field(default_factory=dict)
    source: str = "sample"

    def __call__(self) -> Any:
        return self.fn(*self.args, **self.kwargs)

    def __repr__(self) -> str:  # what Hypothesis prints as the falsifying example
        args = ", ".join(repr(describe_value(a)) for a in self.args)
        kwargs = ", ".join(f"{k}={describe_value(v)!r}" for k, v in self.kwargs.items())
        return f"Call({self.target}: {args}{', ' if args and kwargs else ''}{kwargs})"
