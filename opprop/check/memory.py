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

import functools
import math

import torch

MAX_ELEMENTS = 1 << 20
MAX_MARKED_BYTES = 1 << 24  # two gapped tensors within this many bytes: a byte mask, not a sort

_INT_OF_SIZE = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}
SUB_BYTE_DTYPES = frozenset((torch.quint4x2, torch.quint2x4))  # packed: nbytes counts a byte per element (a set: no __eq__ calls)


def span_bytes(t: torch.Tensor) -> int:
    """Bytes from the first to the last element the tensor can address (strides are never negative)."""
    if t.is_contiguous():  # the common case: the span is the elements themselves
        return t.nbytes
    if t.numel() == 0:
        return 0
    return _span_elements(t.size(), t.stride()) * t.element_size()


def held_bytes(t: torch.Tensor, n: int) -> bool:
    """Whether the tensor's storage still holds its ``n``-byte span from its offset: a view over a freed storage
    (``storage.resize_(0)``, as FSDP frees a flat parameter between uses) keeps its sizes, and its bytes are gone."""
    return t.storage_offset() * t.element_size() + n <= t.untyped_storage().nbytes()


def _span_elements(sizes, strides) -> int:
    """Elements from the first to the last one a non-empty layout addresses, both included."""
    return sum((n - 1) * st for n, st in zip(sizes, strides)) + 1


def geometry(t: torch.Tensor) -> tuple:
    """(sizes, strides, storage offset, element size): all that says which bytes of its storage a tensor occupies."""
    return tuple(t.size()), tuple(t.stride()), t.storage_offset(), t.element_size()


def _element_starts(geom: tuple) -> torch.Tensor:
    """The byte address (relative to the storage start) where each element of a non-empty layout begins."""
    sizes, strides, offset, item = geom
    end = offset + _span_elements(sizes, strides)
    index = torch.arange(end, dtype=torch.int64).as_strided(sizes, strides, offset)
    return index.reshape(-1) * item


def _byte_addresses(geom: tuple) -> torch.Tensor:
    """Every byte address (relative to the storage start) that a layout's elements occupy."""
    item = geom[3]
    return (_element_starts(geom).unsqueeze(-1) + torch.arange(item, dtype=torch.int64)).reshape(-1)


def _byte_extent(geom: tuple) -> tuple[int, int]:
    """[first, last + 1) byte, relative to the storage start, of a non-empty layout of whole-byte elements."""
    sizes, strides, offset, item = geom
    first = offset * item
    return first, first + _span_elements(sizes, strides) * item


def _fills_extent(geom: tuple) -> bool:
    """Its elements cover every byte of its extent, each once: some order of its dims is contiguous ("non-overlapping and dense")."""
    expected = 1
    for stride, n in sorted((st, n) for n, st in zip(geom[0], geom[1]) if n > 1):
        if stride != expected:
            return False
        expected *= n
    return True


def exact_overlap(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Whether ``a`` and ``b`` (which ``torch._C._overlaps`` says may overlap) share a byte.

    On one storage the answer depends on the two layouts alone, so it is
    kept per pair of layouts: real code (a training loop, GRU's gate chunks)
    asks about the same pair on every call.
    """
    if a.untyped_storage().data_ptr() != b.untyped_storage().data_ptr():
        return True  # different storages _overlaps still flagged: keep its answer
    if a.dtype in SUB_BYTE_DTYPES or b.dtype in SUB_BYTE_DTYPES:
        return True  # sub-byte elements: no byte addressing to enumerate
    return _layouts_overlap(geometry(a), geometry(b))


@functools.lru_cache(maxsize=4096)
def _layouts_overlap(a: tuple, b: tuple) -> bool:
    """Whether two layouts on one storage share a byte.

    Byte extents that do not meet share nothing; a layout that fills its
    extent shares a byte with the other exactly when one of the other's
    elements meets that extent. Only two layouts that both have gaps are
    compared byte set against byte set.
    """
    a_numel, b_numel = math.prod(a[0]), math.prod(b[0])
    if a_numel == 0 or b_numel == 0:
        return False
    if a_numel * a[3] > MAX_ELEMENTS or b_numel * b[3] > MAX_ELEMENTS:
        return True
    (a_lo, a_hi), (b_lo, b_hi) = _byte_extent(a), _byte_extent(b)
    if a_hi <= b_lo or b_hi <= a_lo:
        return False
    if _fills_extent(a):
        (lo, hi), other, (o_lo, o_hi) = (a_lo, a_hi), b, (b_lo, b_hi)
    elif _fills_extent(b):
        (lo, hi), other, (o_lo, o_hi) = (b_lo, b_hi), a, (a_lo, a_hi)
    else:  # both have gaps: mark one's bytes, look up the other's
        lo, hi = min(a_lo, b_lo), max(a_hi, b_hi)
        if hi - lo > MAX_MARKED_BYTES:
            return bool(torch.isin(_byte_addresses(a), _byte_addresses(b)).any())
        marked = torch.zeros(hi - lo, dtype=torch.bool)
        marked[_byte_addresses(a) - lo] = True
        return bool(marked[_byte_addresses(b) - lo].any())
    # does any of the other's elements meet the filled extent? Its first and last elements sit at its extent's ends.
    item = other[3]
    if lo < o_lo + item or o_hi - item < hi:
        return True
    starts = _element_starts(other)
    return bool(((starts < hi) & (starts + item > lo)).any())


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
