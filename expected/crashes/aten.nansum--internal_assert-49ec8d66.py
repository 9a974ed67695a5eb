# opprop crash repro: aten::nansum fails an internal assert in aten::nansum: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.nansum--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::nansum fails an internal assert in aten::nansum: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `torch.nansum(self, dtype=torch.qint8)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::nansum',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::nansum'},
 'outcome_text': 'fails an internal assert in aten::nansum: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.nansum(self, dtype=torch.qint8)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::nansum',
             'called_op': 'aten::nansum',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'dim': [],
                        'dtype': 'torch.qint8',
                        'self': {'device': 'cpu',
                                 'dtype': 'float16',
                                 'layout': 'strided',
                                 'shape': [4, 3],
                                 'storage_offset': 0,
                                 'stride': [0, 1],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 144,
                        'crossing_seed': 500,
                        'target': 'aten::nansum'}},
 'repro': {'op': 'aten::nansum',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'dtype': {'literal': 'torch.qint8'}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
torch.ops.aten.nansum.default(self, dtype=torch.qint8)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
