# opprop crash repro: aten::gather_backward fails an internal assert in aten::_sparse_coo_tensor_with_dims_and_tensors: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.gather_backward--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::gather_backward fails an internal assert in aten::_sparse_coo_tensor_with_dims_and_tensors: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::gather_backward',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::_sparse_coo_tensor_with_dims_and_tensors'},
 'outcome_text': 'fails an internal assert in aten::_sparse_coo_tensor_with_dims_and_tensors: false INTERNAL '
                 'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::gather_backward',
             'called_op': 'aten::gather_backward',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'dim': 0,
                        'grad': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [0, 0],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'index': {'device': 'cpu',
                                  'dtype': 'int64',
                                  'layout': 'strided',
                                  'shape': [2],
                                  'storage_offset': 0,
                                  'stride': [1],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0, 0],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'sparse_grad': True},
             'replay': {'choices': '410000410041004101410041004100410041004103410041004100410041004100410001',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::gather_backward',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [3, 3],
                                                        'torch.bool': [2, 0],
                                                        'torch.complex64': [5, 2],
                                                        'torch.float16': [4, 2],
                                                        'torch.float32': [82, 49],
                                                        'torch.float64': [1, 0],
                                                        'torch.int64': [2, 0],
                                                        'torch.int8': [2, 0],
                                                        'torch.uint8': [4, 0]},
                                              'grad.kind': {'dense': [89, 49],
                                                            'has_live_view': [8, 3],
                                                            'is_view': [4, 4],
                                                            'transposed': [4, 0]},
                                              'grad.mode': {'extreme': [3, 0],
                                                            'plain': [78, 46],
                                                            'visible': [1, 0],
                                                            'zero_dim': [15, 9],
                                                            'zero_size': [8, 1]},
                                              'index.bound': {'past': [3, 0], 'within': [102, 56]},
                                              'ndim': {'0': [36, 28],
                                                       '1': [11, 5],
                                                       '2': [49, 23],
                                                       '3': [1, 0],
                                                       '4': [8, 0]},
                                              'self.mode': {'offset': [6, 2],
                                                            'plain': [64, 39],
                                                            'visible': [3, 0],
                                                            'zero_dim': [15, 9],
                                                            'zero_size': [8, 1]},
                                              'tensors.mode': {'plain': [7, 2],
                                                               'zero_dim': [15, 9],
                                                               'zero_size': [8, 1]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::gather_backward'}},
 'repro': {'op': 'aten::gather_backward',
           'args': [{'tensor': {'dtype': 'quint8', 'shape': [0, 0], 'fill': 'ones'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0, 0], 'fill': 'ones'}},
                    0,
                    {'tensor': {'dtype': 'int64', 'shape': [2], 'fill': 'ones'}},
                    True],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.ones(0, 0, dtype=torch.quint8)
self = torch.ones(0, 0, dtype=torch.float32)
index = torch.ones(2, dtype=torch.int64)
torch.ops.aten.gather_backward.default(grad, self, 0, index, True)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
