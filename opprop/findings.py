"""A finding: one invariant broken by one ATen overload on one input, in a form that survives JSON."""
from __future__ import annotations

import dataclasses
import json
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


@dataclasses.dataclass
class Finding:
    aten_op: str  # "aten::q_per_channel_scales"
    called_op: str  # what the user or generator called at top level
    invariant: str  # one of catalog.ALL_INVARIANTS, or "crash" / "hang"
    output_index: int | None
    detail: dict
    inputs: dict

    @property
    def key(self) -> tuple[str, str]:
        return (self.aten_op, self.invariant)

    def one_line(self) -> str:
        where = "" if self.output_index is None else f" output {self.output_index}"
        detail = ", ".join(f"{k}={v}" for k, v in self.detail.items())
        shapes = ", ".join(
            f"{k}={_short(v)}" for k, v in self.inputs.items() if v is not None and not (isinstance(v, list) and not v)
        )
        return f"{self.invariant}: {self.aten_op}{where} ({detail}) via {self.called_op}({shapes})"

    def as_json(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> "Finding":
        return cls(**{f.name: d.get(f.name) for f in dataclasses.fields(cls)})


def _short(v) -> str:
    if isinstance(v, dict) and v.get("tensor"):
        text = f"{v['dtype']}{v['shape']}"
        if v.get("layout") not in (None, "strided") or v.get("nested"):
            text += f"[{'nested_' if v.get('nested') else ''}{v['layout']}]"
        if v.get("qscheme"):
            text += f"[{v['qscheme']}]"
        return text
    if isinstance(v, list):
        return "[" + ", ".join(_short(x) for x in v) + "]"
    return json.dumps(v) if not isinstance(v, str) else repr(v)
