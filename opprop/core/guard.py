"""Buffers that end at an inaccessible page, so a kernel's write past a tensor's end faults at the write.

A kernel that writes past its buffer dies later, if at all, and in whatever
way the allocator notices: SIGABRT in one process, SIGSEGV or nothing in
another. What the heap held before decides. In a repro whose buffers end at
a PROT_NONE page, the write itself faults, inside the kernel: SIGSEGV in
every environment, with the kernel's frame on the stack. The helper is
source text: it is run here and written into the repro as it is, so the
rebuilt call and the script build the same memory.
"""
from __future__ import annotations

import torch

SOURCE = '''def guarded(flat):
    """``flat`` copied into memory that ends at an inaccessible page: a write past its end faults there (SIGSEGV)."""
    if flat.numel() == 0:
        return flat  # nothing to guard (and torch.frombuffer wants an element)
    import ctypes
    import mmap

    nbytes = flat.numel() * flat.element_size()
    size = -(-nbytes // mmap.PAGESIZE) * mmap.PAGESIZE
    memory = mmap.mmap(-1, size + mmap.PAGESIZE)
    start = ctypes.addressof(ctypes.c_char.from_buffer(memory))
    if ctypes.CDLL(None).mprotect(ctypes.c_void_p(start + size), ctypes.c_size_t(mmap.PAGESIZE), 0) != 0:
        raise OSError("mprotect failed")
    return torch.frombuffer(memory, dtype=flat.dtype, count=flat.numel(), offset=size - nbytes).copy_(flat)
'''

_namespace: dict = {"torch": torch}
exec(SOURCE, _namespace)  # noqa: S102: our own text, the same the repro holds
guarded = _namespace["guarded"]
