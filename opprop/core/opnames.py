"""Op names: an overload's qualified name, and the overload a name means (what specs, repros and the catalog share)."""
from __future__ import annotations

import torch
from torch._ops import OpOverload


def qualified_name(op: OpOverload) -> str:
    schema = op._schema
    return schema.name + ("." + schema.overload_name if schema.overload_name else "")


def overload_from_name(name: str) -> OpOverload | None:
    """``aten::add.Tensor``, ``aten.add.Tensor``, ``aten::add`` (default overload), ``mylib::op``."""
    text = name.replace("::", ".", 1) if "::" in name else name
    parts = text.split(".")
    if len(parts) < 2:
        return None
    ns, opname = parts[0], parts[1]
    overload = parts[2] if len(parts) > 2 else "default"
    try:
        packet = getattr(getattr(torch.ops, ns), opname)
        return getattr(packet, overload)
    except (AttributeError, RuntimeError):
        return None
