# opprop crash repro: quantized::linear_relu fails an internal assert in quantized::linear_relu: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":133 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python quantized.linear_relu--internal_assert-3f5cc3ed.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""quantized::linear_relu fails an internal assert in quantized::linear_relu: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":133 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'quantized::linear_relu',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":133',
             'op': 'quantized::linear_relu'},
 'outcome_text': 'fails an internal assert in quantized::linear_relu: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":133',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'quantized::linear_relu',
             'called_op': 'quantized::linear_relu',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":133, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'W_prepack': {'inputs': {'B': None,
                                                 'W': {'device': 'cpu',
                                                       'dtype': 'float32',
                                                       'layout': 'strided',
                                                       'shape': [1, 1],
                                                       'storage_offset': 0,
                                                       'stride': [1, 1],
                                                       'tensor': True}},
                                      'produced_by': '_quantized::linear_prepack_fp16'},
                        'X': {'device': 'cpu',
                              'dtype': 'quint8',
                              'layout': 'strided',
                              'qscheme': 'per_tensor_affine',
                              'shape': [1, 1],
                              'storage_offset': 0,
                              'stride': [1, 1],
                              'tensor': True},
                        'Y_scale_i': 1.0,
                        'Y_zero_point_i': 0},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'choices': '41000041004100410141004100410041004100410041004100410141004100410041004100',
                        'corpus': '/tmp/eng/wt-after/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:quantized::linear_relu',
                        'steer': {'choices': {'W_prepack.producer': {'_quantized::linear_prepack': [19, 6],
                                                                     '_quantized::linear_prepack_fp16': [21,
                                                                                                         20],
                                                                     'quantized::linear_prepack': [2, 0],
                                                                     'quantized::linear_prepack_fp16': [4,
                                                                                                        0]},
                                              'W_prepack>W.kind': {'dense': [15, 12],
                                                                   'has_live_view': [1, 0],
                                                                   'is_view': [14, 8],
                                                                   'quantized_per_channel': [3, 3],
                                                                   'quantized_per_tensor': [13, 3]},
                                              'W_prepack>W.qdtype': {'torch.qint32': [3, 0],
                                                                     'torch.qint8': [10, 6],
                                                                     'torch.quint2x4': [2, 0],
                                                                     'torch.quint8': [1, 0]},
                                              'W_prepack>dtype': {'torch.bool': [1, 0],
                                                                  'torch.float32': [29, 20],
                                                                  'torch.float64': [2, 0],
                                                                  'torch.int32': [2, 0],
                                                                  'torch.int64': [5, 0],
                                                                  'torch.int8': [1, 0],
                                                                  'torch.uint8': [6, 6]},
                                              'X.kind': {'has_live_view': [2, 0],
                                                         'quantized_per_channel': [2, 0],
                                                         'quantized_per_tensor': [38, 26],
                                                         'transposed': [4, 0]},
                                              'ndim': {'0': [1, 0],
                                                       '1': [3, 0],
                                                       '2': [39, 26],
                                                       '3': [2, 0],
                                                       '4': [1, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'quantized::linear_relu'}},
 'repro': {'op': 'quantized::linear_relu',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    {'produced': {'op': '_quantized::linear_prepack_fp16',
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
W_prepack = torch.ops._quantized.linear_prepack_fp16.default(W_prepack_W)
torch.ops.quantized.linear_relu.default(X, W_prepack, 0.0, 0)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/quantized/cpu/fbgemm_utils.h":133
"""
