# opprop crash repro: aten::median.dim_values fails an internal assert in aten::median.dim_values: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.median.dim_values--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::median.dim_values fails an internal assert in aten::median.dim_values: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::median.dim_values',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::median.dim_values'},
 'outcome_text': 'fails an internal assert in aten::median.dim_values: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::median.dim_values',
             'called_op': 'aten::median.dim_values',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': 0,
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'math_bit': 'neg',
                                    'shape': [3, 0],
                                    'storage_offset': 0,
                                    'stride': [1, 1],
                                    'tensor': True},
                        'keepdim': False,
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [3, 0],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'values': {'device': 'cpu',
                                   'dtype': 'int64',
                                   'layout': 'strided',
                                   'shape': [0],
                                   'storage_offset': 0,
                                   'stride': [1],
                                   'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'choices': '4101417c014104014102004103410a41044100410041014103410041044101410b410041004101410441004100410041004106410d4100',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::median.dim_values',
                        'steer': {'choices': {'dim.value': {'drawn': [31, 1], 'negative': [3, 0]},
                                              'dtype': {'torch.bool': [3, 0],
                                                        'torch.complex64': [2, 0],
                                                        'torch.float32': [24, 1],
                                                        'torch.float64': [3, 0],
                                                        'torch.int64': [1, 0],
                                                        'torch.uint8': [1, 0]},
                                              'indices.dtype': {'floating': [20, 0],
                                                                'same': [5, 0],
                                                                'torch.bool': [1, 0],
                                                                'torch.int64': [1, 1]},
                                              'indices.out_kind': {'channels_last': [2, 0], 'empty': [25, 1]},
                                              'indices.relation': {'fresh': [27, 1],
                                                                   'same': [3, 0],
                                                                   'view': [4, 0]},
                                              'keepdim.default': {'False': [4, 0], 'True': [30, 1]},
                                              'ndim': {'1': [4, 0], '2': [17, 1], '3': [4, 0], '4': [9, 0]},
                                              'self.kind': {'dense': [14, 1],
                                                            'has_live_view': [2, 0],
                                                            'is_view': [7, 0],
                                                            'transposed': [11, 0]},
                                              'self.mode': {'extreme': [1, 0],
                                                            'plain': [31, 1],
                                                            'transposed': [2, 0]},
                                              'square': {'False': [23, 1], 'True': [11, 0]},
                                              'tensors.mode': {'transposed': [1, 0]},
                                              'values.dtype': {'floating': [1, 0],
                                                               'same': [19, 1],
                                                               'torch.bool': [9, 0],
                                                               'torch.int64': [1, 0]},
                                              'values.out_kind': {'channels_last': [2, 0],
                                                                  'empty': [23, 1],
                                                                  'neg': [2, 0],
                                                                  'transposed': [3, 0]},
                                              'values.relation': {'fresh': [30, 1],
                                                                  'same': [2, 0],
                                                                  'view': [2, 0]}},
                                  'total': [34, 1],
                                  'valid_rate': 0.029411764705882353},
                        'target': 'aten::median.dim_values'}},
 'repro': {'op': 'aten::median.dim_values',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [3, 0], 'fill': 'ones'}}, 0, False],
           'kwargs': {'values': {'tensor': {'dtype': 'int64', 'shape': [0], 'fill': 'ones'}},
                      'indices': {'tensor': {'dtype': 'int64',
                                             'shape': [3, 0],
                                             'fill': 'values',
                                             'layout': 'neg',
                                             'parts': [{'tensor': {'dtype': 'int64',
                                                                   'shape': [3, 0],
                                                                   'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.ones(3, 0, dtype=torch.int64)
values = torch.ones(0, dtype=torch.int64)
indices = torch._neg_view(torch.ones(3, 0, dtype=torch.int64))
torch.ops.aten.median.dim_values(self, 0, False, values=values, indices=indices)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
