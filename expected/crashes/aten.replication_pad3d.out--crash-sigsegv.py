# opprop crash repro: aten::replication_pad3d.out dies with SIGSEGV (segmentation fault) in aten::replication_pad3d.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.replication_pad3d.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::replication_pad3d.out dies with SIGSEGV (segmentation fault) in aten::replication_pad3d.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::replication_pad3d.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::replication_pad3d.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::replication_pad3d.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::replication_pad3d.out',
             'called_op': 'aten::replication_pad3d.out',
             'detail': {'example': 67, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [3, 3, 3, 3, 3],
                                'storage_offset': 0,
                                'stride': [0, 27, 9, 3, 1],
                                'tensor': True},
                        'padding': [0, 0, 0, 0, 0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [3, 3, 3, 3, 3],
                                 'storage_offset': 0,
                                 'stride': [0, 27, 9, 3, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::replication_pad3d.out: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [3, 3, 3, 3, 3], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[0, 27, 9, 3, 1], 'storage_offset': 0}, [0, 0, 0, 0, 0, 0], out={'tensor': "
                                "True, 'dtype': 'float32', 'shape': [3, 3, 3, 3, 3], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [0, 27, 9, 3, 1], 'storage_offset': 0})",
                        'choices': '41510141000141000041024101410041034103410b4107',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::replication_pad3d.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [5, 4],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [26, 24],
                                                        'torch.float16': [6, 2],
                                                        'torch.float32': [109, 96],
                                                        'torch.float64': [34, 29],
                                                        'torch.int32': [10, 10],
                                                        'torch.int64': [26, 16],
                                                        'torch.int8': [3, 0],
                                                        'torch.uint8': [6, 5]},
                                              'out.dtype': {'floating': [24, 14],
                                                            'same': [112, 102],
                                                            'torch.bool': [5, 0],
                                                            'torch.int64': [4, 0]},
                                              'padding.value': {'drawn': [217, 186],
                                                                'empty': [3, 0],
                                                                'own': [3, 0],
                                                                'single': [5, 0]},
                                              'self.mode': {'expanded': [2, 2],
                                                            'extreme': [4, 3],
                                                            'offset': [8, 7],
                                                            'plain': [157, 142],
                                                            'sliced': [15, 12],
                                                            'transposed': [3, 0],
                                                            'visible': [6, 6],
                                                            'zero_dim': [9, 0],
                                                            'zero_size': [24, 14]},
                                              'tensors.mode': {'offset': [2, 2],
                                                               'plain': [11, 11],
                                                               'sliced': [4, 4],
                                                               'transposed': [1, 1],
                                                               'zero_dim': [3, 0],
                                                               'zero_size': [11, 6]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::replication_pad3d.out',
                        'example': 67}},
 'repro': {'op': 'aten::replication_pad3d.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [2, 1, 1, 1, 1], 'fill': 'zeros'}},
                    [0, 0, 0, 0, 0, 0]],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
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


self = torch.zeros(2, 1, 1, 1, 1, dtype=torch.float32)
out_ = torch.as_strided(guarded(torch.zeros(1, dtype=torch.float32)), (2, 1, 1, 1, 1), (0, 1, 1, 1, 1), 0)
torch.ops.aten.replication_pad3d.out(self, [0, 0, 0, 0, 0, 0], out=out_)


EXPECTED = """dies with SIGSEGV
"""
