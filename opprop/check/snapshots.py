"""What an input looked like before a call, and what changed since.

``take_state`` is the cheap record the hot path takes of every input it
must watch (one memcpy on CPU, or one digest of a large contiguous input);
``unchanged`` is the screen's test; ``Snapshot.changed`` names what changed,
for a finding.
"""
from __future__ import annotations

import ctypes
import sys
from typing import NamedTuple

import torch
import xxhash

from opprop.core.snapshot_policy import DEFAULT_SNAPSHOT, SNAPSHOT_POLICIES  # noqa: F401  (the policy the checks apply)

from opprop.check.probe import PLAIN_TYPES as _PLAIN
from opprop.check.memory import SUB_BYTE_DTYPES, elements_equal_bytes, held_bytes, span_bytes
from opprop.check.compat import const_data_ptr as _const_data_ptr

# Reading n bytes at an address: ``memory_at(address)[:n]``. A char array as long as memory can be, laid
# over the address (``from_address`` reads nothing); slicing it copies exactly n bytes into a bytes
# object. The same bytes as ``ctypes.string_at``, for a third of its cost (no foreign-function call),
# with one array type for every length.
memory_at = (ctypes.c_char * sys.maxsize).from_address
# Comparing: below COMPARE_IN_PLACE bytes the slice above and ``==``; from there libc's memcmp on the live bytes,
# which copies nothing. A slice that large is a fresh allocation whose every page faults in (measured: a 45 MB
# slice-and-compare 10 times memcmp's cost), which made the optimizer steps of real training code the slowest calls.
COMPARE_IN_PLACE = 1 << 16
_memcmp = ctypes.CDLL(None).memcmp
_memcmp.restype = ctypes.c_int
_memcmp.argtypes = (ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)


# Copying: from KEEP_BUFFERS bytes a snapshot goes into a buffer kept from an earlier call of that size (up to
# KEPT_BYTES in all), not a fresh allocation, whose pages all fault in on the copy (measured: 45 MB, 7 times the
# cost). A kept buffer is free again once no state holds it (its reference count says so), so the hot path never
# hands buffers back. Measured (``mem(p)[:n]`` against a kept buffer, one core): 256 KiB 20 us against 17 us,
# 1 MiB 121 us against 42 us; at 64 KiB the fresh slice is still cheaper (1.9 us against 5.8 us).
KEEP_BUFFERS = 1 << 17
KEPT_BYTES = 1 << 28
_kept: dict = {}  # size -> [KeptBuffer, ...]: every buffer kept, free while nothing but this list holds it
_kept_total = [0]
_memmove = ctypes.memmove
_char = ctypes.c_char
_getrefcount = sys.getrefcount


class KeptBuffer(bytearray):
    """A large snapshot's bytes, in a buffer kept between calls; it knows its own address (never resized, so it stays)."""

    __slots__ = ("address",)


def _copied(ptr: int, n: int) -> KeptBuffer:
    """The n bytes at ptr, in a kept buffer that no state holds (a new one, kept while KEPT_BYTES allow, when none is)."""
    kept = _kept.get(n)
    if kept is None:
        kept = _kept[n] = []
    for buffer in kept:
        if _getrefcount(buffer) == 3:  # the list, this name and getrefcount's argument: no state holds it
            break
    else:
        buffer = KeptBuffer(n)
        buffer.address = ctypes.addressof(_char.from_buffer(buffer))
        if _kept_total[0] + n <= KEPT_BYTES:
            kept.append(buffer)
            _kept_total[0] += n
    _memmove(buffer.address, ptr, n)
    return buffer


# Digesting: from DIGEST_BYTES a contiguous input keeps the 128-bit xxh3 digest of its bytes instead of a copy, and
# the compare digests them again: two reads of the bytes where a copy and a compare are a read, a write and two
# reads (measured, one core: 1 MiB 44 us against 87 us, 46 MB 5.3 ms against 8.1 ms; at 128 KiB 6.7 against 7.1).
# A write is missed only when the digests collide (2**-128 for bytes that are not built to collide). Such an
# input is never captured value by value (MAX_CALL_VALUES elements are far fewer), and the only question asked
# of its bytes is "changed?". A non-contiguous span keeps its copy: gap bytes belong to other tensors, and a
# change there is told apart from a change to the elements by comparing them (``Snapshot.changed``).
DIGEST_BYTES = KEEP_BUFFERS
_xxh3_128 = xxhash.xxh3_128_intdigest


class Digest:
    """A large contiguous input's bytes, as ``n`` and their xxh3-128 digest (``len`` is ``n``, as for copied bytes)."""

    __slots__ = ("n", "value")

    def __init__(self, n: int, value: int):
        self.n, self.value = n, value

    def __len__(self) -> int:
        return self.n


def _digest(ptr: int, n: int) -> Digest:
    """The digest of the n bytes at ptr (read in place: ``from_address`` copies nothing)."""
    return Digest(n, _xxh3_128((_char * n).from_address(ptr)))


def _span_bytes(ptr: int, n: int, contiguous: bool):
    """What a CPU input's state keeps of its n-byte span at ptr: the bytes, a kept buffer, or a digest."""
    if n < KEEP_BUFFERS:
        return memory_at(ptr)[:n]
    return _digest(ptr, n) if contiguous and n >= DIGEST_BYTES else _copied(ptr, n)


def in_use() -> int:
    """Kept buffers some state still holds (a call in progress, or a finding that kept its snapshot)."""
    return sum(1 for kept in _kept.values() for buffer in kept if _getrefcount(buffer) > 3)


def same_bytes(address: int, raw: bytes) -> bool:
    """The ``len(raw)`` bytes at ``address`` equal ``raw``."""
    n = len(raw)
    if n < COMPARE_IN_PLACE:
        return memory_at(address)[:n] == raw
    if type(raw) is Digest:
        return _xxh3_128((_char * n).from_address(address)) == raw.value
    return _memcmp(address, _address(raw), n) == 0


def _address(raw) -> object:
    """What memcmp takes for a snapshot's bytes: a kept buffer by its address, a bytes object as itself (no copy)."""
    if type(raw) is KeptBuffer:
        return raw.address
    return raw if type(raw) is bytes else (_char * len(raw)).from_buffer(raw)


_strided = torch.strided


def same_data(before: torch.Tensor, after: torch.Tensor) -> bool:
    """Bitwise-ish equality that treats NaN as equal to NaN (what a mutation check needs)."""
    if before.is_quantized:
        return torch.equal(before.int_repr(), after.int_repr())
    if before.is_complex():
        before, after = torch.view_as_real(before), torch.view_as_real(after)
    if torch.equal(before, after):
        return True
    if before.is_floating_point():
        return bool(((before == after) | (before.isnan() & after.isnan())).all())
    return False


NO_SIZES = ("no sizes",)  # a strided nested tensor's size and stride: it has none to compare


class Metadata(NamedTuple):
    """What a strided input's state compares besides its bytes (the compiled hot path builds the same, in this order:
    the comment on ``Metadata`` in hot_path_common.h names these fields, and a test holds the two equal)."""

    shape: torch.Size  # or NO_SIZES (a strided nested tensor)
    stride: tuple  # or NO_SIZES
    offset: int  # storage offset, in elements
    ptr: int  # the data pointer (const_data_ptr): the storage's plus offset times element size
    version: int  # the version counter


class Unstrided(NamedTuple):
    """The metadata of a tensor without storage of its own (sparse, a subclass): its size and version only."""

    shape: torch.Size
    version: int


class InputState(NamedTuple):
    """An input's state before the call (``take_state``): its metadata, and what was kept of its data."""

    metadata: Metadata | Unstrided
    raw: object  # on CPU the bytes it spans (bytes, a KeptBuffer or a Digest; b"" for none), else None
    data: torch.Tensor | None  # off CPU, and only when asked for, a clone


_new = tuple.__new__  # a NamedTuple made from a tuple without its __new__'s Python frame: the hot path makes one per input


def take_state(t: torch.Tensor, with_data: bool) -> InputState:
    """An input's state before the call, as one tuple (cheap to build and compare).

    ``InputState(metadata, raw, data)``: ``metadata`` is a ``Metadata`` (size, stride, storage offset, data
    pointer, version), or an ``Unstrided`` (size, version) for a tensor without storage (the
    data pointer is the storage's plus offset times element size, so with the
    offset equal it changes exactly when the storage pointer does);
    ``raw`` is, on CPU, the bytes the tensor spans, read with one memcpy
    (``memory_at``), far cheaper than a dispatcher clone and exact for
    NaNs; ``data`` is, elsewhere and only when ``with_data``, a clone.
    The common case (a dense CPU tensor) costs eleven attribute reads and
    one memcpy; everything here is ordered so it pays nothing more. The data
    pointer is read with ``const_data_ptr`` (``compat``): ``data_ptr`` asks for write
    access, which materializes a copy-on-write storage (``_lazy_clone``'s
    input), a copy plain execution would not make and a "mutation" the
    check itself would cause.
    """
    if type(t) not in _PLAIN or t.layout is not _strided:  # no storage of its own (sparse, a subclass)
        return _new(InputState, (_new(Unstrided, (t.size(), t._version)), None, None))
    return _strided_state(t, with_data)


def _strided_state(t: torch.Tensor, with_data: bool) -> InputState:
    """``take_state`` of a plain strided tensor (the caller tested that)."""
    ptr = _const_data_ptr(t)
    try:
        meta = _new(Metadata, (t.shape, t.stride(), t.storage_offset(), ptr, t._version))  # shape: size() without parsing arguments
    except RuntimeError:  # a strided nested tensor: one contiguous buffer, no sizes or strides
        meta = _new(Metadata, (NO_SIZES, NO_SIZES, t.storage_offset(), ptr, t._version))
        n = t.nbytes if t.is_cpu and t.is_contiguous() else 0
        return _new(InputState, (meta, (memory_at(ptr)[:n] if n else None), None))
    if t.is_cpu:
        contiguous = t.is_contiguous()
        n = t.nbytes if contiguous else span_bytes(t)
        if n and t.dtype in SUB_BYTE_DTYPES:  # packed dtypes: nbytes counts a byte per element; never read past the storage
            storage = t.untyped_storage()
            n = min(n, storage.nbytes() - (ptr - storage.data_ptr()))
            contiguous = False  # the span is clipped to the storage: kept as bytes, never digested
        # ptr 0: a ZeroTensor (forward AD) has no bytes; nor has a view over a freed storage
        return _new(InputState, (meta, (_span_bytes(ptr, n, contiguous) if n and ptr and held_bytes(t, n) else b""), None))
    return _new(InputState, (meta, None, (t.detach().clone() if with_data and not t.is_meta else None)))  # meta: no data to compare


def take_states(inputs: list, mutable_args, with_data: bool) -> tuple:
    """Both records the hot path takes before a call, in one pass over the inputs.

    Returns ``(states, storages)``: per input, ``take_state`` (None for an
    argument the schema marks mutable: undeclared_mutation's ``before``) and
    the storage object, or None without one (storage_replaced's ``before``).
    The same values those two build, in the format their checks read (a test
    holds them equal); one loop and one storage test per input instead of two.
    """
    states = []
    storages = []
    for i, t in inputs:  # a loop, not a comprehension: one frame less
        if type(t) in _PLAIN and t.layout is _strided:
            try:
                storages.append(t.untyped_storage())
            except (RuntimeError, NotImplementedError):
                storages.append(None)
            if i in mutable_args:
                states.append(None)
                continue
            # _strided_state's common case inlined (a dense CPU tensor of a whole-byte dtype); the rest goes to it
            ptr = _const_data_ptr(t)
            try:
                meta = _new(Metadata, (t.shape, t.stride(), t.storage_offset(), ptr, t._version))
            except RuntimeError:
                states.append(_strided_state(t, with_data))  # a strided nested tensor
                continue
            if t.is_cpu:
                contiguous = t.is_contiguous()
                n = t.nbytes if contiguous else span_bytes(t)
                if not n or not ptr or not held_bytes(t, n):  # ptr 0: a ZeroTensor (forward AD) has no bytes; nor a freed storage's view
                    states.append(_new(InputState, (meta, b"", None)))
                    continue
                if t.dtype not in SUB_BYTE_DTYPES:
                    states.append(_new(InputState, (meta, memory_at(ptr)[:n], None)) if n < KEEP_BUFFERS else large_state(meta, ptr, n, contiguous, states))
                    continue
            states.append(_strided_state(t, with_data))
        else:
            storages.append(None)
            states.append(None if i in mutable_args else _new(InputState, (_new(Unstrided, (t.size(), t._version)), None, None)))
    return states, storages


def large_state(meta: Metadata, ptr: int, n: int, contiguous: bool, states: list) -> InputState:
    """A large input's state (a digest, or a kept buffer); the previous input's own when it spans the very same bytes.

    One tensor passed twice (``addcmul_(grad, grad)`` in every Adam step) is read and compared once: the
    same meta (sizes, strides, offset, address, version) over the same length is the same snapshot. A
    shared state sits right after its first, where the screen looks for it (``screen.clears``).
    """
    if states:
        previous = states[-1]
        if previous is not None and previous.metadata == meta and type(previous.raw) in _LARGE and len(previous.raw) == n:
            return previous
    return _new(InputState, (meta, _span_bytes(ptr, n, contiguous), None))


_LARGE = (KeptBuffer, Digest)  # what a large input's state keeps


def unchanged(state: InputState, t: torch.Tensor) -> bool:
    """True when ``t`` still matches its state in every field ``Snapshot.changed`` compares."""
    meta, raw, data = state
    if data is not None or type(meta) is Unstrided or meta.shape is NO_SIZES or raw is None:
        return Snapshot(state).changed(t) is None
    if (t.shape, t.stride(), t.storage_offset(), _const_data_ptr(t), t._version) != meta:
        return False
    return not raw or same_bytes(meta.ptr, raw)


class Snapshot:
    """What an input looked like before the call (from ``take_state``), and what changed since."""

    __slots__ = ("size", "stride", "offset", "ptr", "version", "data", "raw")

    def __init__(self, state: InputState):
        meta, self.raw, self.data = state
        self.size, self.version = meta.shape, meta.version
        if type(meta) is Unstrided:
            self.stride, self.offset, self.ptr = None, None, None
        else:
            self.stride, self.offset, self.ptr = meta.stride, meta.offset, meta.ptr

    def changed(self, t: torch.Tensor) -> str | None:
        if self.size is not NO_SIZES and t.size() != self.size:
            return "size"
        if self.stride is None:
            return None
        if self.stride is not NO_SIZES and t.stride() != self.stride:
            return "stride"
        if t.storage_offset() != self.offset:
            return "storage_offset"
        if _const_data_ptr(t) != self.ptr:  # same offset, so this is the storage pointer moving
            return "storage"
        if self.raw is not None and not same_bytes(_const_data_ptr(t), self.raw):
            if type(self.raw) is Digest or self.size is NO_SIZES or t.is_contiguous() or not elements_equal_bytes(self.raw, t):
                return "data"  # a strided tensor's span has gaps other tensors own: compare elements
        if self.data is not None and not same_data(self.data, t):
            return "data"
        if t._version != self.version:
            return "version_counter"  # an in-place op ran on it
        return None
