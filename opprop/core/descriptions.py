"""JSON descriptions of an op's arguments: tensor metadata, never tensor data (what findings and calls show)."""
from __future__ import annotations

from typing import Any

import torch

from opprop.core import process_group, produced, tensor_kinds


def describe_value(value: Any) -> Any:
    """A JSON description of an argument: tensor metadata, never tensor data."""
    if isinstance(value, torch.Tensor):
        layout = tensor_kinds.layout_of(value)  # a kind built from parts describes its own fields
        d = {
            "tensor": True,
            "dtype": str(value.dtype).replace("torch.", ""),
            "shape": layout.sizes(value) if layout is not None and layout.sizes is not None else list(value.shape),
            "device": str(value.device),
            "layout": str(value.layout).replace("torch.", ""),
        }
        if layout is not None:
            d.update(layout.describe(value))
        elif value.layout == torch.strided:
            d["stride"] = list(value.stride())
            d["storage_offset"] = value.storage_offset()
        if value.requires_grad:
            d["requires_grad"] = True
        if value.is_quantized:
            d["qscheme"] = str(value.qscheme()).replace("torch.", "")
        return d
    if isinstance(value, (list, tuple)):
        return [describe_value(v) for v in value]
    group = process_group.group_arg(value)  # in words: its name and object are this process's own
    if group is not None:
        return process_group.words(group)
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, (torch.dtype, torch.layout, torch.memory_format, torch.device)):
        return str(value)
    if isinstance(value, (torch.UntypedStorage, torch.TypedStorage)):  # its repr prints every byte (26 MB: a minute)
        return {"storage": True, "nbytes": value.nbytes(), "device": str(value.device)}
    maker = produced.producer_call(value)  # an opaque argument (a packed weight): the call that makes it
    if maker is not None:
        names = [a.name for a in getattr(getattr(maker.fn, "_schema", None), "arguments", ())]
        return {"produced_by": maker.target, "inputs": describe_arguments(names, maker.args, maker.kwargs)}
    return repr(value)


def describe_arguments(names, args, kwargs) -> dict:
    described = {}
    for i, a in enumerate(args):
        described[names[i] if i < len(names) else f"arg{i}"] = describe_value(a)
    for k, v in kwargs.items():
        described[k] = describe_value(v)
    return described
