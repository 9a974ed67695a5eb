"""The public call of a C extension's backward op: its forward's public function, then ``.backward(grad)``.

torchvision registers ``_roi_align_backward`` beside ``roi_align``; no Python
function names the backward: autograd calls it when the output of
``torchvision.ops.roi_align(x, ...)`` is backpropagated. A crash in the
backward is public only if that path can hand it the repro's arguments. So
the forward (``ns::X`` for ``ns::_X_backward``) is called through its public
function (bound as ``package_entry`` binds a forward op), on the backward's
same-named arguments, with the one forward tensor the backward lacks (the
input it differentiates) built to require grad, its shape the backward's
integer arguments the forward does not take (``batch_size, channels, height,
width``), then ``.backward(grad)`` with the repro's ``grad``, or
``.sum().backward()`` as a user's loss does (a stride-0 gradient of the
output's shape: a shrunk repro's ``grad`` may no longer have that shape,
which autograd refuses). What the forward computes itself (``roi_pool``'s
``argmax``, ``ps_roi_align``'s ``channel_mapping``) cannot be handed over:
the run in a fresh interpreter shows how the public call ended, whatever it
was, and only a run that dies as the repro does makes the group public.
"""
from __future__ import annotations

import torch

from opprop.core.specs import CallSpec, TensorSpec
from opprop.reduce.crash_outcome import Outcome, matches
from opprop.reduce.crash_runner import run_spec
from opprop.reduce.crash_script import call_arguments
from opprop.reduce.repro import tensor_source
from opprop.reports.package_entry import bindings, callers, resolve

SUFFIX = "_backward"


def forward_of(op: str) -> str:
    """``ns::X`` for a backward op ``ns::_X_backward[.overload]`` when ``ns::X`` exists; "" otherwise."""
    ns, rest = op.split("::", 1)
    packet = rest.split(".")[0]
    if not (packet.startswith("_") and packet.endswith(SUFFIX)):
        return ""
    forward = packet[1:-len(SUFFIX)]
    return f"{ns}::{forward}" if hasattr(getattr(torch.ops, ns), forward) else ""


def forward_spec(spec: CallSpec, forward: str) -> tuple[CallSpec, str, str] | None:
    """(the forward's call on the backward's arguments, the variable of the input it builds, that input's source);
    None when the forward takes what the backward cannot give (a second missing tensor, an argument with no value)."""
    schema = spec.overload._schema
    given = dict(zip([a.name for a in schema.arguments], spec.args)) | dict(spec.kwargs)
    grad = next((v for v in given.values() if isinstance(v, TensorSpec)), None)
    overload = getattr(getattr(torch.ops, forward.split("::")[0]), forward.split("::")[1]).default
    taken = {a.name for a in overload._schema.arguments}
    sizes = [v for a in schema.arguments if a.name not in taken and isinstance(v := given.get(a.name), int) and not isinstance(v, bool)]
    args, built = [], None
    for a in overload._schema.arguments:
        if a.name in given:
            args.append(given[a.name])
        elif isinstance(a.type, torch.TensorType) and built is None and grad is not None and sizes:
            built = (a.name, TensorSpec(grad.dtype, tuple(sizes), "ones", requires_grad=True))
            args.append(built[1])
        elif a.has_default_value():
            break
        else:
            return None
    if built is None:
        return None
    return CallSpec(f"{forward}.default", tuple(args)), built[0], tensor_source(built[1])


def backward_entry(spec: CallSpec, outcome: Outcome, definitions, *, repeat: int = 1) -> tuple[str, str]:
    """(the forward's public call then ``.backward(grad)``, spelled on the repro's names, or "" when none can be spelled;
    a note when that call dies in its forward first, else "").

    Each binding runs in a fresh interpreter on the repro's inputs: the first
    that dies as the repro does, and whose forward alone returns, is named;
    else one whose forward alone dies the same way (the crash a user meets
    there is the forward's, which the note says); else the first that
    returns, else the first that reaches the forward (not refused by
    Python's binding of its arguments), whose ending the report then shows;
    else the first.
    """
    forward = forward_of(spec.op)
    packages = getattr(definitions, "imports", ())
    if not forward or not packages:
        return "", ""
    made = forward_spec(spec, forward)
    if made is None:
        return "", ""
    call, variable, source = made
    grad = call_arguments(spec)[0][0]
    texts = []
    for qualified in callers(forward, packages):
        for _pick, args in bindings(resolve(qualified), call):
            for backward in (f"backward({grad})", "sum().backward()"):  # the repro's grad; the one a user's loss gives
                texts.append(f"`{variable} = {source}; {qualified}({', '.join(args)}).{backward}`")
    ran, first_in_forward = [], ""
    for text in texts:
        got = run_spec(spec, fresh=True, call_text=text[1:-1], repeat=repeat, definitions=definitions)
        if matches(got, outcome, heap=True):
            alone = text[1:-1].rsplit(").", 1)[0] + ")"  # the forward's call without the backward
            if not matches(run_spec(spec, fresh=True, call_text=alone, repeat=repeat, definitions=definitions), outcome, heap=True):
                return text, ""
            first_in_forward = first_in_forward or text
            continue
        ran.append((text, got))
    if first_in_forward:
        return first_in_forward, f"its forward `{forward}`, called alone on these inputs, dies the same way: the public call dies there first"
    reached = [text for text, got in sorted(ran, key=lambda r: r[1].kind != "returned")  # a run that returns says most
               if not (got.kind == "error" and got.what.startswith("TypeError"))]
    return (reached or texts or [""])[0], ""
