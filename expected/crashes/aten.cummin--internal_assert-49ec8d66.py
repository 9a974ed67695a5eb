# opprop crash repro: aten::cummin fails an internal assert in aten::cummin: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.cummin--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::cummin fails an internal assert in aten::cummin: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `torch.cummin(self, 0)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::cummin',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::cummin'},
 'outcome_text': 'fails an internal assert in aten::cummin: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.cummin(self, 0)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::cummin',
             'called_op': 'aten::cummin',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'dim': 0,
                        'self': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 574,
                        'crossing_seed': 500,
                        'target': 'aten::cummin'}},
 'repro': {'op': 'aten::cummin',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.quantize_per_tensor(torch.zeros(1, dtype=torch.float32).reshape(()), 1.0, 0, torch.quint8)
torch.ops.aten.cummin.default(self, 0)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
