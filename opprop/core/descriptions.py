"""JSON descriptions of an op's arguments: tensor metadata, never tensor data (what findings and calls show)."""
from __future__ import annotations

from typing import Any

import torch


def describe_value(value: Any) -> Any:
    """A JSON description of an argument: tensor metadata, never tensor data."""
    if isinstance(value, torch.Tensor):
        d = {
            "tensor": True,
            "dtype": str(value.dtype).replace("torch.", ""),
            "shape": _shape(value),
            "device": str(value.device),
            "layout": str(value.layout).replace("torch.", ""),
        }
        if value.is_nested:  # a strided nested tensor has no sizes of its own: its components do
            d["nested"] = True
            d["components"] = [list(c.shape) for c in value.unbind()]
        elif value.layout == torch.strided:
            d["stride"] = list(value.stride())
            d["storage_offset"] = value.storage_offset()
        elif value.layout == torch.sparse_coo:
            d["nnz"] = value._nnz()
            d["coalesced"] = value.is_coalesced()
        else:  # compressed sparse
            d["nnz"] = value._nnz()
        if value.requires_grad:
            d["requires_grad"] = True
        if value.is_quantized:
            d["qscheme"] = str(value.qscheme()).replace("torch.", "")
        return d
    if isinstance(value, (list, tuple)):
        return [describe_value(v) for v in value]
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, (torch.dtype, torch.layout, torch.memory_format, torch.device)):
        return str(value)
    return repr(value)


def _shape(t: torch.Tensor) -> list:
    """Sizes, with ``None`` for a nested tensor's ragged dims (a strided nested tensor raises on ``.shape``)."""
    if t.is_nested:
        return [None if not isinstance(s, int) else s for s in _nested_sizes(t)]
    return list(t.shape)


def _nested_sizes(t: torch.Tensor) -> list:
    if t.layout == torch.jagged:
        return list(t.shape)  # the ragged dim is a SymInt
    parts = [c.shape for c in t.unbind()]
    return [len(parts), *(s if all(p[i] == s for p in parts) else None for i, s in enumerate(parts[0]))] if parts else [0]


def describe_arguments(names, args, kwargs) -> dict:
    described = {}
    for i, a in enumerate(args):
        described[names[i] if i < len(names) else f"arg{i}"] = describe_value(a)
    for k, v in kwargs.items():
        described[k] = describe_value(v)
    return described
