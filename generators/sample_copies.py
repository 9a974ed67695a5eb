"""Fresh copies of OpInfo and ModuleInfo samples: what every drawn example runs on, so no example sees a tensor
an earlier one mutated, and aliasing between a sample's arguments survives the copy.
"""
from __future__ import annotations

import torch

EDGE_FAMILY = False  # helpers for the OpInfo and module generators, not an edge-generator family (generators.registry)


def layout_can_change(t) -> bool:
    """A plain strided tensor (not quantized, nested, conjugated, negated, a subclass, or on meta): its layout may change."""
    return (
        isinstance(t, torch.Tensor)
        and t.layout == torch.strided
        and not (t.is_quantized or t.is_nested or t.is_conj() or t.is_neg())
        and type(t) is torch.Tensor
        and t.device.type != "meta"
    )


def tensors_in(value, found: dict) -> dict:
    """Distinct tensors (by identity) in a nest of lists, tuples and dicts, in order of appearance."""
    if isinstance(value, torch.Tensor):
        found.setdefault(id(value), value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            tensors_in(v, found)
    elif isinstance(value, dict):
        for v in value.values():
            tensors_in(v, found)
    return found


class Copier:
    """Fresh copies of sample tensors: one new storage per old one, so aliasing between arguments survives."""

    def __init__(self, replaced: dict):
        self.replaced = replaced  # id(old tensor) -> already-built new tensor (a new layout)
        self.tensors: dict = {}
        self.storages: dict = {}

    def tensor(self, t: torch.Tensor) -> torch.Tensor:
        if id(t) in self.replaced:
            return self.replaced[id(t)]
        if id(t) in self.tensors:
            return self.tensors[id(t)]
        if layout_can_change(t) and t.untyped_storage().nbytes() > 0:
            storage = t.untyped_storage()
            key = (storage.data_ptr(), str(t.device))
            if key not in self.storages:
                self.storages[key] = storage.clone()
            new = torch.empty(0, dtype=t.dtype, device=t.device).set_(self.storages[key], t.storage_offset(), t.size(), t.stride())
        else:
            new = t.detach().clone()
        self.tensors[id(t)] = new
        return new

    def __call__(self, value):
        if isinstance(value, torch.Tensor):
            return self.tensor(value)
        if isinstance(value, tuple) and not isinstance(value, torch.Size):
            return type(value)(self(v) for v in value) if not hasattr(value, "_fields") else type(value)(*(self(v) for v in value))
        if isinstance(value, list):
            return [self(v) for v in value]
        if isinstance(value, dict):
            return {k: self(v) for k, v in value.items()}
        return value
