# opprop crash repro: aten::full_like.out fails an internal assert in aten::full_like.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.full_like.out--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::full_like.out fails an internal assert in aten::full_like.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::full_like.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::full_like.out'},
 'outcome_text': 'fails an internal assert in aten::full_like.out: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::full_like.out',
             'called_op': 'aten::full_like.out',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'fill_value': -2,
                        'memory_format': 'torch.channels_last',
                        'out': {'device': 'cpu',
                                'dtype': 'qint32',
                                'layout': 'strided',
                                'qscheme': 'per_tensor_affine',
                                'shape': [3, 4],
                                'storage_offset': 0,
                                'stride': [4, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 1, 15, 3],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 82,
                        'crossing_seed': 500,
                        'target': 'aten::full_like.out'}},
 'repro': {'op': 'aten::full_like.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 0, 0, 0], 'fill': 'zeros'}}, -2],
           'kwargs': {'memory_format': {'literal': 'torch.channels_last'},
                      'out': {'tensor': {'dtype': 'float32',
                                         'shape': [0],
                                         'fill': 'zeros',
                                         'quant': ['per_tensor', 'quint8', 1.0, 0]}}}}}

# ---- the repro ----
import torch

self = torch.zeros(0, 0, 0, 0, dtype=torch.float32)
out_ = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
torch.ops.aten.full_like.out(self, -2, memory_format=torch.channels_last, out=out_)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
