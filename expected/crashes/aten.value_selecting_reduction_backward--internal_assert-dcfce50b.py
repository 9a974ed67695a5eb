# opprop crash repro: aten::value_selecting_reduction_backward fails an internal assert in aten::value_selecting_reduction_backward: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/nested/NestedTensorUtils.cpp":176 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.value_selecting_reduction_backward--internal_assert-dcfce50b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::value_selecting_reduction_backward fails an internal assert in aten::value_selecting_reduction_backward: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/nested/NestedTensorUtils.cpp":176 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::value_selecting_reduction_backward',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/nested/NestedTensorUtils.cpp":176',
             'op': 'aten::value_selecting_reduction_backward'},
 'outcome_text': 'fails an internal assert in aten::value_selecting_reduction_backward: false INTERNAL '
                 'ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/nested/NestedTensorUtils.cpp":176',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::value_selecting_reduction_backward',
             'called_op': 'aten::value_selecting_reduction_backward',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/nested/NestedTensorUtils.cpp":176, '
                                 'please report a bug to PyTorch. value_selecting_reduction_backward(): '
                                 'expected to be implemented in Python',
                        'private': False},
             'inputs': {'dim': 0,
                        'grad': {'components': [[1], [2]],
                                 'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'nested': True,
                                 'shape': [2, None],
                                 'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [],
                                    'storage_offset': 0,
                                    'stride': [],
                                    'tensor': True},
                        'keepdim': False,
                        'sizes': []},
             'replay': {'choices': '410000410041004101410041044100410000',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::value_selecting_reduction_backward',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [8, 0],
                                                        'torch.bool': [8, 0],
                                                        'torch.complex64': [4, 2],
                                                        'torch.float16': [1, 1],
                                                        'torch.float32': [6, 0],
                                                        'torch.float64': [2, 0],
                                                        'torch.int32': [2, 1],
                                                        'torch.int64': [23, 8],
                                                        'torch.int8': [6, 5],
                                                        'torch.uint8': [1, 1]},
                                              'grad.kind': {'dense': [15, 6],
                                                            'has_live_view': [1, 1],
                                                            'is_view': [3, 3],
                                                            'nested_jagged': [1, 0]},
                                              'grad.mode': {'expanded': [1, 1],
                                                            'extreme': [1, 0],
                                                            'offset': [4, 0],
                                                            'plain': [48, 17],
                                                            'sliced': [5, 0]},
                                              'indices.bound': {'past': [5, 0], 'within': [56, 18]},
                                              'indices.style': {'1d': [15, 0], 'same': [46, 18]},
                                              'ndim': {'0': [9, 7],
                                                       '1': [3, 0],
                                                       '2': [35, 8],
                                                       '3': [9, 2],
                                                       '4': [5, 1]},
                                              'sizes.style': {'flat': [5, 0], 'shape': [56, 18]},
                                              'sizes.value': {'drawn': [49, 18],
                                                              'empty': [5, 0],
                                                              'own': [3, 0],
                                                              'single': [4, 0]},
                                              'square': {'False': [3, 0], 'True': [58, 18]},
                                              'tensors.mode': {'expanded': [1, 1],
                                                               'offset': [4, 0],
                                                               'plain': [4, 0],
                                                               'sliced': [5, 0]}},
                                  'total': [20, 10],
                                  'valid_rate': 0.5},
                        'target': 'aten::value_selecting_reduction_backward'}},
 'repro': {'op': 'aten::value_selecting_reduction_backward',
           'args': [{'tensor': {'dtype': 'int64',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_strided',
                                'parts': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}]}},
                    0,
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    [],
                    False],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.nested.nested_tensor([torch.zeros(0, dtype=torch.float32)], layout=torch.strided)
indices = torch.zeros((), dtype=torch.float32)
torch.ops.aten.value_selecting_reduction_backward.default(grad, 0, indices, [], False)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/nested/NestedTensorUtils.cpp":176
"""
