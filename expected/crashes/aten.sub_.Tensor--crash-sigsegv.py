# opprop crash repro: aten::sub_.Tensor dies with SIGSEGV (segmentation fault) in aten::sub_.Tensor on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.sub_.Tensor--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::sub_.Tensor dies with SIGSEGV (segmentation fault) in aten::sub_.Tensor on torch 2.13.0+cpu.

Public entry point: `self.sub_(other)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::sub_.Tensor',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::sub_.Tensor'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::sub_.Tensor',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-04',
 'public': '`self.sub_(other)`',
 'frame': 'at::native::add_dense_sparse_worker_non_hybrid_cpu (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::sub_.Tensor',
             'called_op': 'aten::sub_.Tensor',
             'detail': {'example': 8, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'alpha': 1,
                        'other': {'coalesced': True,
                                  'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'sparse_coo',
                                  'nnz': 9,
                                  'shape': [3, 3],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [3, 3],
                                 'storage_offset': 1,
                                 'stride': [3, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::sub_.Tensor',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3],
                                'fill': 'zeros',
                                'stride': [1],
                                'offset': 1,
                                'guarded': True}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [3],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [1, 1],
                                                      'fill': 'values',
                                                      'values': [2]}},
                                          {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}}],
                                'coalesced': True}}],
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


self = torch.as_strided(guarded(torch.zeros(4, dtype=torch.float32)), (3,), (1,), 1)
other = torch.sparse_coo_tensor(torch.tensor([2], dtype=torch.int64).reshape(1, 1), torch.zeros(1, dtype=torch.float32), (3,), is_coalesced=True)
torch.ops.aten.sub_.Tensor(self, other)


EXPECTED = """dies with SIGSEGV
"""
