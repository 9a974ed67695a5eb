# opprop crash repro: aten::ones_like.out fails an internal assert in aten::ones_like.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.ones_like.out--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::ones_like.out fails an internal assert in aten::ones_like.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::ones_like.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::ones_like.out'},
 'outcome_text': 'fails an internal assert in aten::ones_like.out: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::ones_like.out',
             'called_op': 'aten::ones_like.out',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'memory_format': 'torch.contiguous_format',
                        'out': {'device': 'cpu',
                                'dtype': 'quint8',
                                'layout': 'strided',
                                'qscheme': 'per_channel_affine',
                                'shape': [0, 3],
                                'storage_offset': 0,
                                'stride': [3, 1],
                                'tensor': True},
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
                        'crossing': 81,
                        'crossing_seed': 500,
                        'target': 'aten::ones_like.out'}},
 'repro': {'op': 'aten::ones_like.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'memory_format': {'literal': 'torch.contiguous_format'},
                      'out': {'tensor': {'dtype': 'float32',
                                         'shape': [0],
                                         'fill': 'zeros',
                                         'quant': ['per_channel', 'quint8', 0, [], []]}}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
out_ = torch.quantize_per_channel(torch.zeros(0, dtype=torch.float32), torch.tensor([], dtype=torch.double), torch.tensor([], dtype=torch.long), 0, torch.quint8)
torch.ops.aten.ones_like.out(self, memory_format=torch.contiguous_format, out=out_)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
