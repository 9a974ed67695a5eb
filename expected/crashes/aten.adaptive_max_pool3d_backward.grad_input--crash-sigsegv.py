# opprop crash repro: aten::adaptive_max_pool3d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::adaptive_max_pool3d_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.adaptive_max_pool3d_backward.grad_input--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::adaptive_max_pool3d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::adaptive_max_pool3d_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::adaptive_max_pool3d_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::adaptive_max_pool3d_backward.grad_input'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::adaptive_max_pool3d_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::adaptive_max_pool3d_backward.grad_input',
             'called_op': 'aten::adaptive_max_pool3d_backward.grad_input',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 30, 'phase': 'example', 'signal': 'SIGBUS'},
             'inputs': {'grad_input': {'device': 'cpu',
                                       'dtype': 'bfloat16',
                                       'layout': 'strided',
                                       'shape': [3, 3, 3, 3, 3],
                                       'storage_offset': 0,
                                       'stride': [0, 27, 9, 3, 1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'bfloat16',
                                        'layout': 'strided',
                                        'shape': [3, 3, 3, 3, 3],
                                        'storage_offset': 0,
                                        'stride': [0, 27, 9, 3, 1],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [3, 3, 3, 3, 3],
                                    'storage_offset': 0,
                                    'stride': [81, 27, 9, 3, 1],
                                    'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'bfloat16',
                                 'layout': 'strided',
                                 'shape': [3, 3, 3, 3, 3],
                                 'storage_offset': 0,
                                 'stride': [0, 27, 9, 3, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::adaptive_max_pool3d_backward.grad_input: {'tensor': True, "
                                "'dtype': 'bfloat16', 'shape': [3, 3, 3, 3, 3], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [0, 27, 9, 3, 1], 'storage_offset': 0}, {'tensor': "
                                "True, 'dtype': 'bfloat16', 'shape': [3, 3, 3, 3, 3], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [0, 27, 9, 3, 1], 'storage_offset': 0}, "
                                "{'tensor': True, 'dtype': 'int64', 'shape': [3, 3, 3, 3, 3], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [81, 27, 9, 3, 1], 'storage_offset': "
                                "0}, grad_input={'tensor': True, 'dtype': 'bfloat16', 'shape': [3, 3, 3, 3, "
                                "3], 'device': 'cpu', 'layout': 'strided', 'stride': [0, 27, 9, 3, 1], "
                                "'storage_offset': 0})",
                        'choices': '412c0141000141020041024100410141014103410241004100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::adaptive_max_pool3d_backward.grad_input',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [16, 12],
                                                        'torch.bool': [5, 0],
                                                        'torch.complex64': [6, 0],
                                                        'torch.float16': [12, 12],
                                                        'torch.float32': [117, 105],
                                                        'torch.float64': [49, 45],
                                                        'torch.int32': [3, 0],
                                                        'torch.int64': [7, 0]},
                                              'grad_input.relation': {'fresh': [19, 0],
                                                                      'same': [191, 169],
                                                                      'view': [5, 5]},
                                              'grad_output.kind': {'dense': [11, 0],
                                                                   'has_live_view': [3, 0],
                                                                   'is_view': [3, 0],
                                                                   'transposed': [198, 174]},
                                              'grad_output.mode': {'expanded': [4, 4],
                                                                   'extreme': [7, 6],
                                                                   'offset': [2, 2],
                                                                   'plain': [177, 151],
                                                                   'sliced': [7, 5],
                                                                   'transposed': [3, 3],
                                                                   'visible': [2, 1],
                                                                   'zero_dim': [3, 0],
                                                                   'zero_size': [10, 2]},
                                              'indices.style': {'1d': [17, 0], 'same': [198, 174]},
                                              'ndim': {'4': [8, 0], '5': [207, 174]},
                                              'self.relation': {'own': [16, 0],
                                                                'partial': [3, 3],
                                                                'same': [190, 168],
                                                                'view': [6, 3]},
                                              'square': {'False': [4, 0], 'True': [211, 174]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::adaptive_max_pool3d_backward.grad_input',
                        'example': 30}},
 'repro': {'op': 'aten::adaptive_max_pool3d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [2, 1, 1, 1, 1], 'fill': 'ones'}},
                    {'tensor': {'dtype': 'float32', 'shape': [2, 1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [2, 1, 1, 1, 1], 'fill': 'zeros'}}],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float32',
                                                'shape': [2, 1, 1, 1, 1],
                                                'fill': 'zeros',
                                                'stride': [0, 1, 1, 1, 1],
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


grad_output = torch.ones(2, 1, 1, 1, 1, dtype=torch.float32)
self = torch.zeros(2, 1, 1, 1, 1, dtype=torch.float32)
indices = torch.zeros(2, 1, 1, 1, 1, dtype=torch.int64)
grad_input = torch.as_strided(guarded(torch.zeros(1, dtype=torch.float32)), (2, 1, 1, 1, 1), (0, 1, 1, 1, 1), 0)
torch.ops.aten.adaptive_max_pool3d_backward.grad_input(grad_output, self, indices, grad_input=grad_input)


EXPECTED = """dies with SIGSEGV
"""
