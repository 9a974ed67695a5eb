# opprop crash repro: aten::full_like fails an internal assert in aten::full_like: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.full_like--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::full_like fails an internal assert in aten::full_like: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `torch.full_like(self, 0.0, dtype=torch.qint8, memory_format=torch.contiguous_format)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::full_like',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::full_like'},
 'outcome_text': 'fails an internal assert in aten::full_like: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.full_like(self, 0.0, dtype=torch.qint8, memory_format=torch.contiguous_format)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::full_like',
             'called_op': 'aten::full_like',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'device': None,
                        'dtype': 'torch.qint8',
                        'fill_value': -1.0,
                        'layout': 'torch.strided',
                        'memory_format': 'torch.contiguous_format',
                        'pin_memory': True,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [4, 3],
                                 'storage_offset': 0,
                                 'stride': [0, 1],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 66,
                        'crossing_seed': 500,
                        'target': 'aten::full_like'}},
 'repro': {'op': 'aten::full_like',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}, 0.0],
           'kwargs': {'dtype': {'literal': 'torch.qint8'},
                      'memory_format': {'literal': 'torch.contiguous_format'}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
torch.ops.aten.full_like.default(self, 0.0, dtype=torch.qint8, memory_format=torch.contiguous_format)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
