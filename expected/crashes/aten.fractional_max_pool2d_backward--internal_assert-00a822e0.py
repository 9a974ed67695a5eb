# opprop crash repro: aten::fractional_max_pool2d_backward fails an internal assert in aten::fractional_max_pool2d_backward: index >= 0 && index < static_cast<int64_t>(inputW) * inputH INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fractional_max_pool2d_backward--internal_assert-00a822e0.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fractional_max_pool2d_backward fails an internal assert in aten::fractional_max_pool2d_backward: index >= 0 && index < static_cast<int64_t>(inputW) * inputH INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fractional_max_pool2d_backward',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'index >= 0 && index < static_cast<int64_t>(inputW) * inputH INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240',
             'op': 'aten::fractional_max_pool2d_backward'},
 'outcome_text': 'fails an internal assert in aten::fractional_max_pool2d_backward: index >= 0 && index < '
                 'static_cast<int64_t>(inputW) * inputH INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::fractional_max_pool2d_backward',
             'called_op': 'aten::fractional_max_pool2d_backward',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'index >= 0 && index < static_cast<int64_t>(inputW) * inputH INTERNAL '
                                 'ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [1, 3, 2, 2],
                                        'storage_offset': 0,
                                        'stride': [12, 4, 2, 1],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [1, 3, 2, 2],
                                    'storage_offset': 0,
                                    'stride': [12, 4, 2, 1],
                                    'tensor': True},
                        'kernel_size': [3, 3],
                        'output_size': [2, 2],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 3, 0, 0],
                                 'storage_offset': 0,
                                 'stride': [243, 81, 9, 1],
                                 'tensor': True}},
             'replay': {'choices': '41004100410141034100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::fractional_max_pool2d_backward',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [1, 0],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [8, 0],
                                                        'torch.float16': [6, 0],
                                                        'torch.float32': [21, 12],
                                                        'torch.float64': [1, 1],
                                                        'torch.int32': [2, 0],
                                                        'torch.uint8': [2, 0]},
                                              'grad_output.kind': {'dense': [32, 13],
                                                                   'has_live_view': [2, 0],
                                                                   'neg': [1, 0],
                                                                   'quantized_per_channel': [2, 0],
                                                                   'quantized_per_tensor': [1, 0],
                                                                   'sparse_bsr': [4, 0],
                                                                   'sparse_coo_uncoalesced': [1, 0],
                                                                   'sparse_csr': [1, 0]},
                                              'grad_output.mode': {'plain': [27, 13], 'visible': [7, 0]},
                                              'grad_output.qdtype': {'torch.quint8': [3, 0]},
                                              'grad_output.zero_point': {'0': [1, 0], 'None': [2, 0]},
                                              'indices.bound': {'past': [4, 2], 'within': [40, 11]},
                                              'indices.style': {'1d': [17, 0], 'same': [27, 13]},
                                              'kernel_size.value': {'drawn': [41, 13],
                                                                    'long': [1, 0],
                                                                    'negative': [2, 0]},
                                              'ndim': {'3': [3, 0], '4': [41, 13]},
                                              'output_size.value': {'drawn': [33, 13],
                                                                    'long': [2, 0],
                                                                    'short': [7, 0],
                                                                    'single': [1, 0],
                                                                    'zero': [1, 0]},
                                              'self.kind': {'dense': [9, 0],
                                                            'neg': [1, 0],
                                                            'quantized_per_channel': [1, 0],
                                                            'quantized_per_tensor': [1, 0],
                                                            'sparse_bsc': [2, 0],
                                                            'sparse_coo': [1, 0]},
                                              'self.mode': {'plain': [9, 0]},
                                              'self.qdtype': {'torch.qint32': [1, 0], 'torch.quint8': [1, 0]},
                                              'self.relation': {'own': [11, 0],
                                                                'partial': [1, 0],
                                                                'same': [27, 13],
                                                                'view': [5, 0]},
                                              'self.zero_point': {'None': [2, 0]},
                                              'square': {'False': [29, 13], 'True': [15, 0]},
                                              'tensors.mode': {'plain': [7, 6], 'visible': [7, 0]}},
                                  'total': [44, 13],
                                  'valid_rate': 0.29545454545454547},
                        'target': 'aten::fractional_max_pool2d_backward'}},
 'repro': {'op': 'aten::fractional_max_pool2d_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 3, 2, 2], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 3, 0, 0], 'fill': 'zeros'}},
                    [0, 0],
                    [2, 2],
                    {'tensor': {'dtype': 'int64', 'shape': [1, 3, 2, 2], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 3, 2, 2, dtype=torch.float32)
self = torch.zeros(1, 3, 0, 0, dtype=torch.float32)
indices = torch.zeros(1, 3, 2, 2, dtype=torch.int64)
torch.ops.aten.fractional_max_pool2d_backward.default(grad_output, self, [0, 0], [2, 2], indices)


EXPECTED = """internal assert: index >= 0 && index < static_cast<int64_t>(inputW) * inputH INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240
"""
