# opprop crash repro: aten::rrelu_with_noise_ dies with SIGSEGV (segmentation fault) in aten::rrelu_with_noise_ on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.rrelu_with_noise_--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::rrelu_with_noise_ dies with SIGSEGV (segmentation fault) in aten::rrelu_with_noise_ on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::rrelu_with_noise_',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::rrelu_with_noise_'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::rrelu_with_noise_',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::rrelu_with_noise_',
             'called_op': 'aten::rrelu_with_noise_',
             'detail': {'example': 92, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'generator': None,
                        'lower': 1.0,
                        'noise': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [4, 3],
                                  'storage_offset': 0,
                                  'stride': [0, 1],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [4, 3],
                                 'storage_offset': 0,
                                 'stride': [0, 1],
                                 'tensor': True},
                        'training': True,
                        'upper': 0},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::rrelu_with_noise_',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [4, 3],
                                'fill': 'values',
                                'values': [1.0, 1.0, 1.0],
                                'stride': [0, 1],
                                'offset': 0,
                                'guarded': True}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [4, 3],
                                'fill': 'values',
                                'values': [1.0, 1.0, 1.0],
                                'stride': [0, 1],
                                'offset': 0,
                                'guarded': True}},
                    1.0,
                    0,
                    True,
                    None],
           'kwargs': {}}}

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


self = torch.as_strided(guarded(torch.tensor([1.0, 1.0, 1.0], dtype=torch.float32)), (4, 3), (0, 1), 0)
noise = torch.as_strided(guarded(torch.tensor([1.0, 1.0, 1.0], dtype=torch.float32)), (4, 3), (0, 1), 0)
torch.ops.aten.rrelu_with_noise_.default(self, noise, 1.0, 0, True, None)


EXPECTED = """dies with SIGSEGV
"""
