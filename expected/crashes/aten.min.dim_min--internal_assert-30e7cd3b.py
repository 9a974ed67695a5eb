# opprop crash repro: aten::min.dim_min fails an internal assert in aten::min.dim_min: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.min.dim_min--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::min.dim_min fails an internal assert in aten::min.dim_min: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::min.dim_min',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::min.dim_min'},
 'outcome_text': 'fails an internal assert in aten::min.dim_min: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::min.dim_min',
             'called_op': 'aten::min.dim_min',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': 0,
                        'keepdim': False,
                        'min': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [],
                                'storage_offset': 0,
                                'stride': [],
                                'tensor': True},
                        'min_indices': {'device': 'cpu',
                                        'dtype': 'int64',
                                        'layout': 'strided',
                                        'math_bit': 'neg',
                                        'shape': [],
                                        'storage_offset': 0,
                                        'stride': [],
                                        'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True}},
             'replay': {'choices': '410341034100410041004100410141004100410041004100410041004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::min.dim_min',
                        'steer': {'choices': {'dim.value': {'drawn': [16, 4],
                                                            'negative': [1, 0],
                                                            'past': [1, 0]},
                                              'dtype': {'torch.bfloat16': [4, 0],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [7, 0],
                                                        'torch.float16': [3, 1],
                                                        'torch.float32': [15, 0],
                                                        'torch.float64': [7, 0],
                                                        'torch.int32': [7, 0],
                                                        'torch.int64': [16, 8],
                                                        'torch.int8': [4, 0]},
                                              'keepdim.default': {'True': [18, 4]},
                                              'min.dtype': {'floating': [11, 0],
                                                            'same': [38, 4],
                                                            'torch.bool': [4, 0],
                                                            'torch.int64': [9, 3]},
                                              'min.out_kind': {'empty': [16, 2], 'neg': [1, 1]},
                                              'min.relation': {'fresh': [17, 3], 'same': [1, 1]},
                                              'min_indices.dtype': {'floating': [15, 0],
                                                                    'same': [41, 7],
                                                                    'torch.bool': [4, 0],
                                                                    'torch.int64': [3, 2]},
                                              'min_indices.out_kind': {'empty': [18, 4]},
                                              'min_indices.relation': {'fresh': [62, 9],
                                                                       'same': [2, 0],
                                                                       'view': [3, 0]},
                                              'ndim': {'0': [4, 0],
                                                       '1': [13, 2],
                                                       '2': [41, 6],
                                                       '3': [3, 1],
                                                       '4': [6, 0]},
                                              'self.kind': {'dense': [49, 7],
                                                            'has_live_view': [4, 2],
                                                            'is_view': [5, 0],
                                                            'nested_jagged': [2, 0],
                                                            'transposed': [7, 0]},
                                              'self.mode': {'extreme': [6, 1],
                                                            'offset': [1, 0],
                                                            'plain': [53, 7],
                                                            'transposed': [1, 1],
                                                            'zero_dim': [3, 0],
                                                            'zero_size': [1, 0]},
                                              'square': {'False': [3, 0], 'True': [64, 9]},
                                              'tensors.mode': {'extreme': [6, 1],
                                                               'plain': [5, 0],
                                                               'zero_dim': [2, 0]}},
                                  'total': [18, 4],
                                  'valid_rate': 0.2222222222222222},
                        'target': 'aten::min.dim_min'}},
 'repro': {'op': 'aten::min.dim_min',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [], 'fill': 'ones'}}, 0, False],
           'kwargs': {'min': {'tensor': {'dtype': 'int64', 'shape': [], 'fill': 'ones'}},
                      'min_indices': {'tensor': {'dtype': 'int64',
                                                 'shape': [],
                                                 'fill': 'values',
                                                 'layout': 'neg',
                                                 'parts': [{'tensor': {'dtype': 'int64',
                                                                       'shape': [],
                                                                       'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.ones((), dtype=torch.int64)
min = torch.ones((), dtype=torch.int64)
min_indices = torch._neg_view(torch.ones((), dtype=torch.int64))
torch.ops.aten.min.dim_min(self, 0, False, min=min, min_indices=min_indices)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
