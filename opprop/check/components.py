"""The dense tensors that hold a tensor's memory: what the storage-based checks compare for a tensor without storage.

A sparse or jagged tensor has no storage of its own; its memory is its
components', which its kind declares (``PartsLayout.memory`` in
``opprop/core/tensor_kinds/``, the one place that says what a kind's
components are): sparse COO its indices and values; CSR and BSR their
compressed row indices, column indices and values; CSC and BSC their
compressed column indices, row indices and values; a jagged nested tensor
its buffer (a strided nested tensor has a storage: its buffer's). A plain
strided tensor is its own one component. ``view_copies`` and
``undeclared_alias`` compare these.
"""
from __future__ import annotations

import torch

from opprop.core import tensor_kinds

_Tensor = torch.Tensor
_strided = torch.strided


def components(t: torch.Tensor) -> tuple:
    """The dense tensors holding ``t``'s memory: ``(t,)`` for a plain strided tensor, () when none can be read."""
    try:
        if t.layout is _strided:
            if type(t) is _Tensor or not t.is_nested:
                return (t,)
            return ()  # a subclass of strided layout holds what it holds: not read
        layout = tensor_kinds.layout_of(t)
        return () if layout is None else tuple(layout.memory(t))
    except (RuntimeError, NotImplementedError, AttributeError):  # a kind that does not expose them (a meta sparse tensor)
        return ()


def has_components(t: torch.Tensor) -> bool:
    """A tensor without storage of its own whose memory the checks read through its components."""
    return t.layout is not _strided and bool(components(t))


def storages(t: torch.Tensor) -> list:
    """The storage of each component (Python keeps one wrapper per StorageImpl, so ``is`` compares them)."""
    found = []
    for c in components(t):
        try:
            found.append(c.untyped_storage())
        except (RuntimeError, NotImplementedError):
            pass
    return found
