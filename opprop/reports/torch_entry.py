"""The public torch call that reaches a crashing ATen overload: a ``torch.*`` function or Tensor method of the same name,
called with the repro's own arguments, that dies the same way in the same op.

A C extension's ops are reached through their package's Python API
(``package_entry``), and backward ops through autograd (``backward_entry``).
"""
from __future__ import annotations

import torch

from opprop.core.specs import CallSpec
from opprop.reduce import crash_runner
from opprop.reduce.crash_outcome import Outcome
from opprop.reduce.crash_script import call_arguments

PUBLIC_NAMESPACES = (("", "torch"), ("special_", "torch.special"), ("linalg_", "torch.linalg"), ("fft_", "torch.fft"), ("", "torch.nn.functional"))


def public_candidates(spec: CallSpec):
    """(source text, function, receiver-first?) for public functions and methods named after the overload's packet."""
    schema = spec.overload._schema
    ns, packet = schema.name.split("::", 1)
    if ns != "aten" or packet.startswith("_"):
        return
    pos, kw = call_arguments(spec)
    for prefix, module in PUBLIC_NAMESPACES:
        if prefix and not packet.startswith(prefix):
            continue
        name = packet[len(prefix):]
        fn = _lookup(module, name)
        if fn is not None:
            yield f"{module}.{name}({', '.join(pos + kw)})", fn, False
    method = getattr(torch.Tensor, packet, None)
    if method is not None and spec.args and schema.arguments and schema.arguments[0].name == "self":
        yield f"{pos[0]}.{packet}({', '.join(pos[1:] + kw)})", method, True


def _lookup(module: str, name: str):
    obj = torch
    for part in module.split(".")[1:] + [name]:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj if callable(obj) else None


def public_entry(spec: CallSpec, outcome: Outcome, *, fresh: bool = False, repeat: int = 1) -> str:
    """The first public call, with the repro's own arguments, that dies the same way in the same op; "" when none.

    ``fresh`` (a call that dies only in a fresh interpreter): the public call
    runs there, with no mode to name the op it dies in, so it counts when it
    dies with the same signal; it is named after the overload's packet.
    """
    for text, fn, _method in public_candidates(spec):
        if fresh:
            if crash_runner.run_spec(spec, fresh=True, call_text=text, repeat=repeat).same(outcome):
                return f"`{text}`"
            continue
        def prepare(fn=fn):
            args, kwargs = spec.build()
            return lambda: fn(*args, **kwargs)

        # Under the mode to learn the op it dies in, then without it (a mode can change how a kernel fails).
        if crash_runner.run_forked(prepare).same(outcome) and crash_runner.run_forked(prepare, op=outcome.op).same(outcome):
            return f"`{text}`"
    return ""
