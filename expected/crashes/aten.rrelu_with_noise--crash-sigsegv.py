# opprop crash repro: aten::rrelu_with_noise dies with SIGSEGV (segmentation fault) in aten::rrelu_with_noise on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.rrelu_with_noise--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::rrelu_with_noise dies with SIGSEGV (segmentation fault) in aten::rrelu_with_noise on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::rrelu_with_noise',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::rrelu_with_noise'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::rrelu_with_noise',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::rrelu_with_noise_out_cpu (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::rrelu_with_noise',
             'called_op': 'aten::rrelu_with_noise',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 29, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'generator': None,
                        'noise': {'device': 'cpu',
                                  'dtype': 'float64',
                                  'layout': 'strided',
                                  'shape': [4, 3],
                                  'storage_offset': 0,
                                  'stride': [0, 1],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [4, 3],
                                 'storage_offset': 0,
                                 'stride': [0, 1],
                                 'tensor': True},
                        'training': True,
                        'upper': -1},
             'replay': {'call': "Call(aten::rrelu_with_noise: self={'tensor': True, 'dtype': 'float64', "
                                "'shape': [4, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [0, 1], "
                                "'storage_offset': 0}, noise={'tensor': True, 'dtype': 'float64', 'shape': "
                                "[4, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [0, 1], "
                                "'storage_offset': 0}, upper=-1, training=True, generator=None)",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 25,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::rrelu_with_noise',
                        'target': 'aten::rrelu_with_noise',
                        'example': 29}},
 'repro': {'op': 'aten::rrelu_with_noise',
           'args': [{'tensor': {'dtype': 'float64', 'shape': [4, 3], 'fill': 'ones'}},
                    {'tensor': {'dtype': 'float64',
                                'shape': [4, 3],
                                'fill': 'zeros',
                                'stride': [0, 1],
                                'offset': 0,
                                'guarded': True}},
                    0.0,
                    -1,
                    True],
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


self = torch.ones(4, 3, dtype=torch.float64)
noise = torch.as_strided(guarded(torch.zeros(3, dtype=torch.float64)), (4, 3), (0, 1), 0)
torch.ops.aten.rrelu_with_noise.default(self, noise, 0.0, -1, True)


EXPECTED = """dies with SIGSEGV
"""
