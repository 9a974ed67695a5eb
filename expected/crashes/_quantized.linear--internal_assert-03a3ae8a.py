# opprop crash repro: _quantized::linear fails an internal assert in _quantized::linear: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":127 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python _quantized.linear--internal_assert-03a3ae8a.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""_quantized::linear fails an internal assert in _quantized::linear: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":127 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': '_quantized::linear',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":127',
             'op': '_quantized::linear'},
 'outcome_text': 'fails an internal assert in _quantized::linear: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":127',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': '_quantized::linear',
             'called_op': '_quantized::linear',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":127, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'W_prepack': {'inputs': {'B': None,
                                                 'W': {'device': 'cpu',
                                                       'dtype': 'float32',
                                                       'layout': 'strided',
                                                       'shape': [2, 4],
                                                       'storage_offset': 0,
                                                       'stride': [4, 1],
                                                       'tensor': True}},
                                      'produced_by': 'quantized::linear_prepack_fp16'},
                        'X': {'device': 'cpu',
                              'dtype': 'quint8',
                              'layout': 'strided',
                              'qscheme': 'per_tensor_affine',
                              'shape': [2, 4],
                              'storage_offset': 0,
                              'stride': [4, 1],
                              'tensor': True},
                        'Y_scale_i': 1.0,
                        'Y_zero_point_i': 2},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'choices': '416d01410101410000410141074105410141024104410d4105410041054101410341054102410341104107410041014102',
                        'corpus': '/tmp/eng/wt-after/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:_quantized::linear',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': '_quantized::linear'}},
 'repro': {'op': '_quantized::linear',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    {'produced': {'op': 'quantized::linear_prepack_fp16',
                                  'args': [{'tensor': {'dtype': 'float32',
                                                       'shape': [0, 0],
                                                       'fill': 'zeros'}}],
                                  'kwargs': {}}},
                    0.0,
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

X = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
W_prepack_W = torch.zeros(0, 0, dtype=torch.float32)
W_prepack = torch.ops.quantized.linear_prepack_fp16.default(W_prepack_W)
torch.ops._quantized.linear.default(X, W_prepack, 0.0, 0)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":127
"""
