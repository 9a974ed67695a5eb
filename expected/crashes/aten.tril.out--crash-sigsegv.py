# opprop crash repro: aten::tril.out dies with SIGSEGV (segmentation fault) in aten::tril.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.tril.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::tril.out dies with SIGSEGV (segmentation fault) in aten::tril.out on torch 2.13.0+cpu.

Public entry point: `torch.tril(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::tril.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::tril.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::tril.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.tril(self, out=out_)`',
 'frame': 'at::native::{anonymous}::apply_triu_tril (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::tril.out',
             'called_op': 'aten::tril.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 24, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float16',
                                'layout': 'strided',
                                'shape': [2, 3, 4, 5],
                                'storage_offset': 0,
                                'stride': [1, 2, 6, 24],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float16',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [1, 2, 6, 24],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::tril.out: self={'tensor': True, 'dtype': 'float16', 'shape': [2, "
                                "3, 4, 5], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 2, 6, 24], "
                                "'storage_offset': 0}, out={'tensor': True, 'dtype': 'float16', 'shape': [2, "
                                "3, 4, 5], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 2, 6, 24], "
                                "'storage_offset': 0})",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 23,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::tril.out',
                        'target': 'aten::tril.out',
                        'example': 24}},
 'repro': {'op': 'aten::tril.out',
           'args': [{'tensor': {'dtype': 'float16', 'shape': [2, 3, 4, 5], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float16',
                                         'shape': [2, 3, 4, 5],
                                         'fill': 'zeros',
                                         'stride': [1, 2, 6, 24],
                                         'offset': 0,
                                         'guarded': True}}}}}

# ---- the repro ----
import torch


def guarded(flat):
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


self = torch.zeros(2, 3, 4, 5, dtype=torch.float16)
out_ = torch.as_strided(guarded(torch.zeros(120, dtype=torch.float16)), (2, 3, 4, 5), (1, 2, 6, 24), 0)
torch.ops.aten.tril.out(self, out=out_)


EXPECTED = """dies with SIGSEGV
"""
