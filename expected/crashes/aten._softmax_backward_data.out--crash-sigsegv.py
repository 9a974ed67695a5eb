# opprop crash repro: aten::_softmax_backward_data.out dies with SIGSEGV (segmentation fault) in aten::_softmax_backward_data.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._softmax_backward_data.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_softmax_backward_data.out dies with SIGSEGV (segmentation fault) in aten::_softmax_backward_data.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_softmax_backward_data.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_softmax_backward_data.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_softmax_backward_data.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::{anonymous}::softmax_backward_kernel_impl (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_softmax_backward_data.out',
             'called_op': 'aten::_softmax_backward_data.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 18, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'dim': 0,
                        'grad_input': {'device': 'cpu',
                                       'dtype': 'float64',
                                       'layout': 'strided',
                                       'shape': [4, 3],
                                       'storage_offset': 0,
                                       'stride': [0, 1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float64',
                                        'layout': 'strided',
                                        'shape': [4, 3],
                                        'storage_offset': 0,
                                        'stride': [0, 1],
                                        'tensor': True},
                        'input_dtype': 'torch.bfloat16',
                        'output': {'device': 'cpu',
                                   'dtype': 'float64',
                                   'layout': 'strided',
                                   'shape': [4, 3],
                                   'storage_offset': 0,
                                   'stride': [0, 1],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::_softmax_backward_data.out: grad_output={'tensor': True, "
                                "'dtype': 'float64', 'shape': [4, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [0, 1], 'storage_offset': 0}, output={'tensor': True, 'dtype': "
                                "'float64', 'shape': [4, 3], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[0, 1], 'storage_offset': 0}, dim=0, input_dtype='torch.bfloat16', "
                                "grad_input={'tensor': True, 'dtype': 'float64', 'shape': [4, 3], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [0, 1], 'storage_offset': 0})",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 17,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::_softmax_backward_data.out',
                        'target': 'aten::_softmax_backward_data.out',
                        'example': 18}},
 'repro': {'op': 'aten::_softmax_backward_data.out',
           'args': [{'tensor': {'dtype': 'float64', 'shape': [4, 3], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float64', 'shape': [4, 3], 'fill': 'zeros'}},
                    0,
                    {'literal': 'torch.bfloat16'}],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float64',
                                                'shape': [4, 3],
                                                'fill': 'zeros',
                                                'stride': [0, 1],
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


grad_output = torch.zeros(4, 3, dtype=torch.float64)
output = torch.zeros(4, 3, dtype=torch.float64)
grad_input = torch.as_strided(guarded(torch.zeros(3, dtype=torch.float64)), (4, 3), (0, 1), 0)
torch.ops.aten._softmax_backward_data.out(grad_output, output, 0, torch.bfloat16, grad_input=grad_input)


EXPECTED = """dies with SIGSEGV
"""
