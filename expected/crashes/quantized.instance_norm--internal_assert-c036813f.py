# opprop crash repro: quantized::instance_norm fails an internal assert in quantized::instance_norm: !gamma.defined() || (!affine_per_channel && gamma.numel() == N) || (affine_per_channel && gamma.numel() == num_channels) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/kernels/QuantizedOpKernels.cpp":2932 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python quantized.instance_norm--internal_assert-c036813f.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""quantized::instance_norm fails an internal assert in quantized::instance_norm: !gamma.defined() || (!affine_per_channel && gamma.numel() == N) || (affine_per_channel && gamma.numel() == num_channels) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/kernels/QuantizedOpKernels.cpp":2932 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'quantized::instance_norm',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': '!gamma.defined() || (!affine_per_channel && gamma.numel() == N) || (affine_per_channel '
                     '&& gamma.numel() == num_channels) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/kernels/QuantizedOpKernels.cpp":2932',
             'op': 'quantized::instance_norm'},
 'outcome_text': 'fails an internal assert in quantized::instance_norm: !gamma.defined() || '
                 '(!affine_per_channel && gamma.numel() == N) || (affine_per_channel && gamma.numel() == '
                 'num_channels) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/kernels/QuantizedOpKernels.cpp":2932',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'quantized::instance_norm',
             'called_op': 'quantized::instance_norm',
             'detail': {'error': '!gamma.defined() || (!affine_per_channel && gamma.numel() == N) || '
                                 '(affine_per_channel && gamma.numel() == num_channels) INTERNAL ASSERT '
                                 'FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/kernels/QuantizedOpKernels.cpp":2932, '
                                 'please report a bug to PyTorch. Unexpected size of gamma',
                        'private': False},
             'inputs': {'bias': None,
                        'eps': 0.0,
                        'input': {'device': 'cpu',
                                  'dtype': 'qint32',
                                  'layout': 'strided',
                                  'qscheme': 'per_tensor_affine',
                                  'shape': [2, 3, 4, 5],
                                  'storage_offset': 0,
                                  'stride': [60, 20, 5, 1],
                                  'tensor': True},
                        'output_scale': 0.5,
                        'output_zero_point': 7,
                        'weight': {'device': 'cpu',
                                   'dtype': 'quint8',
                                   'layout': 'strided',
                                   'qscheme': 'per_tensor_affine',
                                   'shape': [2, 3, 4, 5],
                                   'storage_offset': 0,
                                   'stride': [60, 20, 5, 1],
                                   'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 73,
                        'crossing_seed': 500,
                        'target': 'quantized::instance_norm'}},
 'repro': {'op': 'quantized::instance_norm',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1, 0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    None,
                    0.0,
                    0.0,
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(1, 1, 0), 1.0, 0, torch.quint8)
weight = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
torch.ops.quantized.instance_norm.default(input, weight, None, 0.0, 0.0, 0)


EXPECTED = """internal assert: !gamma.defined() || (!affine_per_channel && gamma.numel() == N) || (affine_per_channel && gamma.numel() == num_channels) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/kernels/QuantizedOpKernels.cpp":2932
"""
