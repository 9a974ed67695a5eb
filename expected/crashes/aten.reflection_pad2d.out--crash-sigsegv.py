# opprop crash repro: aten::reflection_pad2d.out dies with SIGSEGV (segmentation fault) in aten::reflection_pad2d.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.reflection_pad2d.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::reflection_pad2d.out dies with SIGSEGV (segmentation fault) in aten::reflection_pad2d.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::reflection_pad2d.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::reflection_pad2d.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::reflection_pad2d.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::reflection_pad2d.out',
             'called_op': 'aten::reflection_pad2d.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 3, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [3, 3, 1, 3],
                                'storage_offset': 0,
                                'stride': [0, 3, 3, 1],
                                'tensor': True},
                        'padding': [0, 0, 0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [3, 3, 1, 3],
                                 'storage_offset': 0,
                                 'stride': [0, 3, 3, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::reflection_pad2d.out: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [3, 3, 1, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [0, "
                                "3, 3, 1], 'storage_offset': 0}, [0, 0, 0, 0], out={'tensor': True, 'dtype': "
                                "'float32', 'shape': [3, 3, 1, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [0, 3, 3, 1], 'storage_offset': 0})",
                        'choices': '4160014100014100004102410041014103410341014103410c4106',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::reflection_pad2d.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [2, 1],
                                                        'torch.bool': [6, 0],
                                                        'torch.complex64': [8, 6],
                                                        'torch.float16': [1, 1],
                                                        'torch.float32': [26, 12],
                                                        'torch.float64': [3, 1],
                                                        'torch.int64': [3, 0],
                                                        'torch.int8': [1, 0],
                                                        'torch.uint8': [4, 4]},
                                              'out.dtype': {'floating': [11, 5],
                                                            'same': [25, 14],
                                                            'torch.bool': [4, 0],
                                                            'torch.int64': [3, 0]},
                                              'out.relation': {'fresh': [42, 19],
                                                               'same': [3, 0],
                                                               'view': [9, 6]},
                                              'padding.value': {'drawn': [43, 25],
                                                                'empty': [3, 0],
                                                                'own': [4, 0],
                                                                'single': [4, 0]},
                                              'self.kind': {'dense': [37, 16],
                                                            'has_live_view': [3, 2],
                                                            'is_view': [5, 3],
                                                            'quantized_per_tensor': [4, 0],
                                                            'transposed': [5, 4]},
                                              'self.mode': {'offset': [1, 0],
                                                            'plain': [23, 17],
                                                            'sliced': [6, 0],
                                                            'transposed': [2, 2],
                                                            'visible': [9, 6],
                                                            'zero_dim': [8, 0],
                                                            'zero_size': [1, 0]},
                                              'tensors.mode': {'sliced': [1, 0],
                                                               'transposed': [2, 2],
                                                               'visible': [4, 1],
                                                               'zero_dim': [4, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::reflection_pad2d.out',
                        'example': 3}},
 'repro': {'op': 'aten::reflection_pad2d.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [3, 3, 1, 3], 'fill': 'zeros'}}, [0, 0, 0, 0]],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [3, 3, 1, 3],
                                         'fill': 'zeros',
                                         'stride': [0, 3, 3, 1],
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


self = torch.zeros(3, 3, 1, 3, dtype=torch.float32)
out_ = torch.as_strided(guarded(torch.zeros(9, dtype=torch.float32)), (3, 3, 1, 3), (0, 3, 3, 1), 0)
torch.ops.aten.reflection_pad2d.out(self, [0, 0, 0, 0], out=out_)


EXPECTED = """dies with SIGSEGV
"""
