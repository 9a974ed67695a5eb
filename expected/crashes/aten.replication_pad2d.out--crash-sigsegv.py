# opprop crash repro: aten::replication_pad2d.out dies with SIGSEGV (segmentation fault) in aten::replication_pad2d.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.replication_pad2d.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::replication_pad2d.out dies with SIGSEGV (segmentation fault) in aten::replication_pad2d.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::replication_pad2d.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::replication_pad2d.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::replication_pad2d.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::replication_pad2d.out',
             'called_op': 'aten::replication_pad2d.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 30, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [2, 2, 2, 2],
                                'storage_offset': 0,
                                'stride': [8, 4, 2, 1],
                                'tensor': True},
                        'padding': [2, 2, 2, 2],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 2, 2, 2],
                                 'storage_offset': 0,
                                 'stride': [8, 4, 2, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::replication_pad2d.out: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [8, "
                                "4, 2, 1], 'storage_offset': 0}, [2, 2, 2, 2], out={'tensor': True, 'dtype': "
                                "'float32', 'shape': [2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [8, 4, 2, 1], 'storage_offset': 0})",
                        'choices': '415301410101410100410041024102410241114100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::replication_pad2d.out',
                        'steer': {'choices': {'out.dtype': {'floating': [10, 8],
                                                            'same': [46, 38],
                                                            'torch.bool': [3, 0],
                                                            'torch.int64': [5, 0]},
                                              'padding.value': {'drawn': [73, 58],
                                                                'empty': [5, 0],
                                                                'own': [4, 3],
                                                                'single': [3, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::replication_pad2d.out',
                        'example': 30}},
 'repro': {'op': 'aten::replication_pad2d.out',
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
torch.ops.aten.replication_pad2d.out(self, [0, 0, 0, 0], out=out_)


EXPECTED = """dies with SIGSEGV
"""
