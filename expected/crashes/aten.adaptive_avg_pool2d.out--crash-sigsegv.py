# opprop crash repro: aten::adaptive_avg_pool2d.out dies with SIGSEGV (segmentation fault) in aten::adaptive_avg_pool2d.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.adaptive_avg_pool2d.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::adaptive_avg_pool2d.out dies with SIGSEGV (segmentation fault) in aten::adaptive_avg_pool2d.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::adaptive_avg_pool2d.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::adaptive_avg_pool2d.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::adaptive_avg_pool2d.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::adaptive_avg_pool2d.out',
             'called_op': 'aten::adaptive_avg_pool2d.out',
             'detail': {'example': 12, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [3, 3, 3, 3],
                                'storage_offset': 0,
                                'stride': [0, 9, 3, 1],
                                'tensor': True},
                        'output_size': [3, 3],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [3, 3, 3, 3],
                                 'storage_offset': 0,
                                 'stride': [0, 9, 3, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::adaptive_avg_pool2d.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 3, 3, 3],
                                'fill': 'values',
                                'values': [0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0,
                                           0.0],
                                'stride': [0, 9, 3, 1],
                                'offset': 0}},
                    [3, 3]],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [3, 3, 3, 3],
                                         'fill': 'values',
                                         'values': [0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0],
                                         'stride': [0, 9, 3, 1],
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


self = torch.as_strided(torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.float32), (3, 3, 3, 3), (0, 9, 3, 1), 0)
out_ = torch.as_strided(guarded(torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.float32)), (3, 3, 3, 3), (0, 9, 3, 1), 0)
torch.ops.aten.adaptive_avg_pool2d.out(self, [3, 3], out=out_)


EXPECTED = """dies with SIGSEGV
"""
