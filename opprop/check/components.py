"""The dense tensors that hold a tensor's memory: what the storage-based checks compare for a tensor without storage.

A sparse or jagged tensor has no storage of its own; its memory is its
components': sparse COO its indices and values; CSR and BSR their
compressed row indices, column indices and values; CSC and BSC their
compressed column indices, row indices and values; a jagged nested tensor
its buffer (a strided nested tensor has a storage: its buffer's). A plain
strided tensor is its own one component. ``view_copies`` and
``undeclared_alias`` compare these. (The tensor-kind registry may take this
function over: it is the one place that says what a kind's components are.)
"""
from __future__ import annotations

import torch

_Tensor = torch.Tensor
_strided = torch.strided
_COMPRESSED = {
    torch.sparse_csr: ("crow_indices", "col_indices"),
    torch.sparse_bsr: ("crow_indices", "col_indices"),
    torch.sparse_csc: ("ccol_indices", "row_indices"),
    torch.sparse_bsc: ("ccol_indices", "row_indices"),
}


def components(t: torch.Tensor) -> tuple:
    """The dense tensors holding ``t``'s memory: ``(t,)`` for a plain strided tensor, () when none can be read."""
    layout = t.layout
    try:
        if layout is _strided:
            if type(t) is _Tensor or not t.is_nested:
                return (t,)
            return ()  # a subclass of strided layout holds what it holds: not read
        if layout is torch.sparse_coo:
            return (t._indices(), t._values())
        if layout in _COMPRESSED:
            compressed, plain = _COMPRESSED[layout]
            return (getattr(t, compressed)(), getattr(t, plain)(), t.values())
        if layout is torch.jagged:
            return (t._values,)
    except (RuntimeError, NotImplementedError, AttributeError):  # a kind that does not expose them (a meta sparse tensor)
        return ()
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
