# opprop crash repro: aten::infinitely_differentiable_gelu_backward fails an internal assert in aten::infinitely_differentiable_gelu_backward: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/OpMathType.h":67 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.infinitely_differentiable_gelu_backward--internal_assert-58f2c1d4.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::infinitely_differentiable_gelu_backward fails an internal assert in aten::infinitely_differentiable_gelu_backward: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/OpMathType.h":67 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::infinitely_differentiable_gelu_backward',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/OpMathType.h":67',
             'op': 'aten::infinitely_differentiable_gelu_backward'},
 'outcome_text': 'fails an internal assert in aten::infinitely_differentiable_gelu_backward: false INTERNAL '
                 'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/OpMathType.h":67',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::infinitely_differentiable_gelu_backward',
             'called_op': 'aten::infinitely_differentiable_gelu_backward',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/OpMathType.h":67, please report a bug '
                                 'to PyTorch. Unrecognized ScalarType: QUInt2x4',
                        'private': False},
             'inputs': {'grad': {'device': 'cpu',
                                 'dtype': 'quint2x4',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [4, 1],
                                 'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'quint2x4',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [4, 1],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 14,
                        'crossing_seed': 500,
                        'target': 'aten::infinitely_differentiable_gelu_backward'}},
 'repro': {'op': 'aten::infinitely_differentiable_gelu_backward',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'values': [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'values': [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.quantize_per_tensor(torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.float32).reshape(3, 4), 1.0, 0, torch.quint8)
self = torch.quantize_per_tensor(torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.float32).reshape(3, 4), 1.0, 0, torch.quint8)
torch.ops.aten.infinitely_differentiable_gelu_backward.default(grad, self)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/OpMathType.h":67
"""
