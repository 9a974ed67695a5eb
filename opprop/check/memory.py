"""Exact answers about tensor memory, for the slow path only.

``torch._C._overlaps`` answers "too hard to tell" as True: interleaved
column chunks of one buffer (GRU's gates) read as overlapping although no
byte is shared. And a byte snapshot of a strided tensor spans the gaps
between its elements, which another tensor may own. Both are fine as a
cheap screen; a finding needs the exact answer, which these give by
enumerating element addresses (bounded: above ``MAX_ELEMENTS`` the
conservative answer stands).
"""
from __future__ import annotations

import torch

MAX_ELEMENTS = 1 << 20

_INT_OF_SIZE = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


def _byte_addresses(t: torch.Tensor) -> torch.Tensor:
    """Every byte address (relative to the storage start) that ``t``'s elements occupy."""
    item = t.element_size()
    offsets = torch.zeros((), dtype=torch.int64)
    for n, st in zip(t.size(), t.stride()):
        offsets = offsets.unsqueeze(-1) + torch.arange(n, dtype=torch.int64) * st
    starts = (offsets.reshape(-1) + t.storage_offset()) * item
    return (starts.unsqueeze(-1) + torch.arange(item, dtype=torch.int64)).reshape(-1)


def exact_overlap(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Whether ``a`` and ``b`` (which ``torch._C._overlaps`` says may overlap) share a byte."""
    if a.untyped_storage().data_ptr() != b.untyped_storage().data_ptr():
        return True  # different storages _overlaps still flagged: keep its answer
    if a.numel() == 0 or b.numel() == 0:
        return False
    if a.numel() * a.element_size() > MAX_ELEMENTS or b.numel() * b.element_size() > MAX_ELEMENTS:
        return True
    if a.dtype in (torch.quint4x2, torch.quint2x4) or b.dtype in (torch.quint4x2, torch.quint2x4):
        return True  # sub-byte elements: no byte addressing to enumerate
    return bool(torch.isin(_byte_addresses(a), _byte_addresses(b)).any())


def elements_equal_bytes(raw: bytes, t: torch.Tensor) -> bool:
    """Whether ``t``'s elements are bitwise what they were when ``raw`` (its byte span) was read.

    Only the elements are compared, not the gaps between them: bytes in a
    gap belong to some other tensor on the same storage.
    """
    item = t.element_size()
    if t.is_quantized or item not in _INT_OF_SIZE or t.is_complex():
        if t.is_complex() and item // 2 in _INT_OF_SIZE:
            return elements_equal_bytes(raw, torch.view_as_real(t))
        return False  # no integer view to compare through: the raw mismatch stands
    as_int = _INT_OF_SIZE[item]
    before_flat = torch.frombuffer(bytearray(raw), dtype=torch.uint8).view(as_int)
    before = torch.as_strided(before_flat, t.size(), t.stride(), 0)
    now = t.detach()
    if now.dtype == torch.bool:
        now = now.view(torch.uint8)
    return torch.equal(before, now.view(as_int))
