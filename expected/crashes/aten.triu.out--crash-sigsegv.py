# opprop crash repro: aten::triu.out dies with SIGSEGV (segmentation fault) in aten::triu.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.triu.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::triu.out dies with SIGSEGV (segmentation fault) in aten::triu.out on torch 2.13.0+cpu.

Public entry point: `torch.triu(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::triu.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::triu.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::triu.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.triu(self, out=out_)`',
 'frame': 'at::native::{anonymous}::apply_triu_tril (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::triu.out',
             'called_op': 'aten::triu.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 108, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'diagonal': 0,
                        'out': {'device': 'cpu',
                                'dtype': 'float64',
                                'layout': 'strided',
                                'shape': [3, 3, 3, 3],
                                'storage_offset': 0,
                                'stride': [1, 3, 9, 27],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [3, 3, 3, 3],
                                 'storage_offset': 0,
                                 'stride': [27, 9, 3, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::triu.out: {'tensor': True, 'dtype': 'float64', 'shape': [3, 3, "
                                "3, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [27, 9, 3, 1], "
                                "'storage_offset': 0}, 0, out={'tensor': True, 'dtype': 'float64', 'shape': "
                                "[3, 3, 3, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 3, 9, "
                                "27], 'storage_offset': 0})",
                        'choices': '41014149014102014102004101410f41044102410341034101410641144101410041054103',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::triu.out',
                        'steer': {'choices': {'diagonal.default': {'False': [3, 2], 'True': [20, 8]},
                                              'diagonal.value': {'drawn': [3, 2]},
                                              'dtype': {'torch.bfloat16': [2, 0],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [3, 3],
                                                        'torch.float32': [9, 7],
                                                        'torch.int8': [5, 0],
                                                        'torch.uint8': [1, 0]},
                                              'ndim': {'0': [9, 0],
                                                       '1': [3, 0],
                                                       '2': [40, 22],
                                                       '3': [17, 15],
                                                       '4': [10, 9]},
                                              'out.dtype': {'floating': [9, 2],
                                                            'same': [28, 15],
                                                            'torch.bool': [5, 0],
                                                            'torch.int64': [4, 0]},
                                              'out.out_kind': {'empty': [20, 7],
                                                               'sized': [1, 1],
                                                               'transposed': [1, 1]},
                                              'out.relation': {'fresh': [21, 9], 'view': [2, 1]},
                                              'self.kind': {'dense': [33, 24],
                                                            'has_live_view': [4, 2],
                                                            'is_view': [15, 11],
                                                            'nested_jagged': [8, 0],
                                                            'nested_strided': [1, 0],
                                                            'sparse_coo': [1, 0],
                                                            'sparse_csc': [1, 0],
                                                            'sparse_csr': [1, 0],
                                                            'transposed': [3, 0]},
                                              'self.mode': {'expanded': [3, 0],
                                                            'offset': [6, 3],
                                                            'plain': [38, 29],
                                                            'sliced': [3, 2],
                                                            'transposed': [1, 1],
                                                            'zero_dim': [1, 0],
                                                            'zero_size': [3, 2]},
                                              'square': {'False': [2, 0], 'True': [21, 10]},
                                              'tensors.mode': {'expanded': [1, 1],
                                                               'offset': [3, 0],
                                                               'plain': [1, 1],
                                                               'zero_size': [1, 1]}},
                                  'total': [23, 10],
                                  'valid_rate': 0.43478260869565216},
                        'target': 'aten::triu.out',
                        'example': 108}},
 'repro': {'op': 'aten::triu.out',
           'args': [{'tensor': {'dtype': 'float64', 'shape': [3, 3, 3, 3], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float64',
                                         'shape': [3, 3, 3, 3],
                                         'fill': 'zeros',
                                         'stride': [1, 3, 9, 27],
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


self = torch.zeros(3, 3, 3, 3, dtype=torch.float64)
out_ = torch.as_strided(guarded(torch.zeros(81, dtype=torch.float64)), (3, 3, 3, 3), (1, 3, 9, 27), 0)
torch.ops.aten.triu.out(self, out=out_)


EXPECTED = """dies with SIGSEGV
"""
