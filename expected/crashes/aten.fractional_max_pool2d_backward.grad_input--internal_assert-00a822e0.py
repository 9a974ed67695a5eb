# opprop crash repro: aten::fractional_max_pool2d_backward.grad_input fails an internal assert in aten::fractional_max_pool2d_backward.grad_input: index >= 0 && index < static_cast<int64_t>(inputW) * inputH INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fractional_max_pool2d_backward.grad_input--internal_assert-00a822e0.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fractional_max_pool2d_backward.grad_input fails an internal assert in aten::fractional_max_pool2d_backward.grad_input: index >= 0 && index < static_cast<int64_t>(inputW) * inputH INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fractional_max_pool2d_backward.grad_input',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'index >= 0 && index < static_cast<int64_t>(inputW) * inputH INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240',
             'op': 'aten::fractional_max_pool2d_backward.grad_input'},
 'outcome_text': 'fails an internal assert in aten::fractional_max_pool2d_backward.grad_input: index >= 0 && '
                 'index < static_cast<int64_t>(inputW) * inputH INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::fractional_max_pool2d_backward.grad_input',
             'called_op': 'aten::fractional_max_pool2d_backward.grad_input',
             'detail': {'error': 'index >= 0 && index < static_cast<int64_t>(inputW) * inputH INTERNAL '
                                 'ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'grad_input': {'device': 'cpu',
                                       'dtype': 'float64',
                                       'layout': 'strided',
                                       'shape': [1, 1, 1],
                                       'storage_offset': 0,
                                       'stride': [1, 1, 1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float64',
                                        'layout': 'strided',
                                        'shape': [1, 1, 1],
                                        'storage_offset': 1,
                                        'stride': [1, 1, 1],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [1, 1, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1, 1],
                                    'tensor': True},
                        'kernel_size': [1, 1],
                        'output_size': [1, 1],
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'choices': '42008a0141020041004102410141034101410041004102',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::fractional_max_pool2d_backward.grad_input',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [3, 3],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float16': [1, 1],
                                                        'torch.float32': [14, 0],
                                                        'torch.float64': [50, 38],
                                                        'torch.int64': [5, 0]},
                                              'grad_input.dtype': {'floating': [8, 5],
                                                                   'same': [56, 34],
                                                                   'torch.bool': [4, 0],
                                                                   'torch.int64': [3, 0]},
                                              'grad_input.relation': {'fresh': [71, 39],
                                                                      'same': [5, 3],
                                                                      'view': [4, 0]},
                                              'grad_output.kind': {'dense': [58, 29],
                                                                   'has_live_view': [4, 2],
                                                                   'is_view': [13, 11],
                                                                   'transposed': [5, 0]},
                                              'grad_output.mode': {'extreme': [1, 0],
                                                                   'offset': [2, 2],
                                                                   'plain': [63, 33],
                                                                   'transposed': [6, 5],
                                                                   'visible': [2, 2],
                                                                   'zero_dim': [3, 0],
                                                                   'zero_size': [3, 0]},
                                              'indices.style': {'1d': [16, 0], 'same': [64, 42]},
                                              'ndim': {'3': [69, 42], '4': [11, 0]},
                                              'self.kind': {'dense': [56, 35],
                                                            'has_live_view': [4, 0],
                                                            'is_view': [3, 0],
                                                            'transposed': [4, 3]},
                                              'self.mode': {'extreme': [1, 0],
                                                            'plain': [55, 36],
                                                            'transposed': [5, 2],
                                                            'zero_dim': [4, 0],
                                                            'zero_size': [2, 0]},
                                              'self.relation': {'own': [67, 38],
                                                                'partial': [7, 4],
                                                                'same': [6, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::fractional_max_pool2d_backward.grad_input'}},
 'repro': {'op': 'aten::fractional_max_pool2d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float64', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float64', 'shape': [1, 0, 0], 'fill': 'zeros'}},
                    [0, 0],
                    [1, 1],
                    {'tensor': {'dtype': 'int64', 'shape': [1, 1, 1], 'fill': 'zeros'}}],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float64', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 1, 1, dtype=torch.float64)
self = torch.zeros(1, 0, 0, dtype=torch.float64)
indices = torch.zeros(1, 1, 1, dtype=torch.int64)
grad_input = torch.zeros((), dtype=torch.float64)
torch.ops.aten.fractional_max_pool2d_backward.grad_input(grad_output, self, [0, 0], [1, 1], indices, grad_input=grad_input)


EXPECTED = """internal assert: index >= 0 && index < static_cast<int64_t>(inputW) * inputH INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool2d.cpp":240
"""
