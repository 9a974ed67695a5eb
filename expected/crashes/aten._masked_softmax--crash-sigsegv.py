# opprop crash repro: aten::_masked_softmax dies with SIGSEGV (segmentation fault) in aten::_masked_softmax on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten._masked_softmax--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_masked_softmax dies with SIGSEGV (segmentation fault) in aten::_masked_softmax on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_masked_softmax',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_masked_softmax'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_masked_softmax',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'public': '',
 'frame': 'at::native::{anonymous}::host_softmax (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_masked_softmax',
             'called_op': 'aten::_masked_softmax',
             'detail': {'example': 10, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': None,
                        'mask': {'device': 'cpu',
                                 'dtype': 'bool',
                                 'layout': 'strided',
                                 'shape': [1, 2, 3, 0],
                                 'storage_offset': 0,
                                 'stride': [6, 3, 1, 1],
                                 'tensor': True},
                        'mask_type': None,
                        'self': {'device': 'cpu',
                                 'dtype': 'float16',
                                 'layout': 'strided',
                                 'shape': [1, 2, 3, 0],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 2, 6],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_masked_softmax: {'tensor': True, 'dtype': 'float16', 'shape': "
                                "[1, 2, 3, 0], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, 2, 6], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'bool', 'shape': [1, 2, 3, "
                                "0], 'device': 'cpu', 'layout': 'strided', 'stride': [6, 3, 1, 1], "
                                "'storage_offset': 0}, None, None)",
                        'choices': '4104410141014102410341004107410341034102',
                        'database_key': 'aten::_masked_softmax',
                        'target': 'aten::_masked_softmax'}},
 'repro': {'op': 'aten::_masked_softmax',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'bool', 'shape': [0], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros(0, dtype=torch.float32)
mask = torch.zeros(0, dtype=torch.bool)
torch.ops.aten._masked_softmax.default(self, mask)


EXPECTED = """dies with SIGSEGV
"""
