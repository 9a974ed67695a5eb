# opprop crash repro: aten::_cummin_helper dies with SIGSEGV (segmentation fault) in aten::_cummin_helper on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._cummin_helper--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_cummin_helper dies with SIGSEGV (segmentation fault) in aten::_cummin_helper on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_cummin_helper',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_cummin_helper'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_cummin_helper',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_cummin_helper',
             'called_op': 'aten::_cummin_helper',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 9, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'dim': 0,
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [2],
                                    'storage_offset': 0,
                                    'stride': [1],
                                    'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [4, 2],
                                 'storage_offset': 0,
                                 'stride': [2, 1],
                                 'tensor': True},
                        'values': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [4, 2],
                                   'storage_offset': 0,
                                   'stride': [2, 1],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::_cummin_helper: {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[4, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [2, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [4, 2], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [2, 1], 'storage_offset': "
                                "0}, {'tensor': True, 'dtype': 'int64', 'shape': [2], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1], 'storage_offset': 0}, 0)",
                        'choices': '413b00410641014104410241124100410741004100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_cummin_helper',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_cummin_helper',
                        'example': 9}},
 'repro': {'op': 'aten::_cummin_helper',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [2], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [2], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'zeros', 'guarded': True}},
                    0],
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


self = torch.zeros(2, dtype=torch.float32)
values = torch.zeros(2, dtype=torch.float32)
indices = guarded(torch.zeros(1, dtype=torch.int64))
torch.ops.aten._cummin_helper.default(self, values, indices, 0)


EXPECTED = """dies with SIGSEGV
"""
