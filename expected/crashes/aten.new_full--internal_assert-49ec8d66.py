# opprop crash repro: aten::new_full fails an internal assert in aten::new_full: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.new_full--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::new_full fails an internal assert in aten::new_full: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `self.new_full([], 0)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::new_full',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::new_full'},
 'outcome_text': 'fails an internal assert in aten::new_full: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`self.new_full([], 0)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::new_full',
             'called_op': 'aten::new_full',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'device': 'cpu',
                        'fill_value': 2,
                        'pin_memory': True,
                        'self': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True},
                        'size': []},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 33,
                        'crossing_seed': 0,
                        'target': 'aten::new_full'}},
 'repro': {'op': 'aten::new_full',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    [],
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.quantize_per_tensor(torch.zeros(1, dtype=torch.float32).reshape(()), 1.0, 0, torch.quint8)
torch.ops.aten.new_full.default(self, [], 0)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
