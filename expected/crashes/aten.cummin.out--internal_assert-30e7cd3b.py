# opprop crash repro: aten::cummin.out fails an internal assert in aten::cummin.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.cummin.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::cummin.out fails an internal assert in aten::cummin.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::cummin.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::cummin.out'},
 'outcome_text': 'fails an internal assert in aten::cummin.out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::cummin.out',
             'called_op': 'aten::cummin.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': 0,
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'math_bit': 'neg',
                                    'shape': [0],
                                    'storage_offset': 0,
                                    'stride': [1],
                                    'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'values': {'device': 'cpu',
                                   'dtype': 'int64',
                                   'layout': 'strided',
                                   'shape': [0],
                                   'storage_offset': 0,
                                   'stride': [1],
                                   'tensor': True}},
             'replay': {'choices': '410141024100410041004100410141004100410041004100410041004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::cummin.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [3, 0],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [9, 0],
                                                        'torch.float16': [4, 0],
                                                        'torch.float32': [20, 1],
                                                        'torch.float64': [7, 0],
                                                        'torch.int32': [7, 0],
                                                        'torch.int64': [118, 116],
                                                        'torch.int8': [3, 0],
                                                        'torch.uint8': [3, 0]},
                                              'indices.dtype': {'floating': [9, 0],
                                                                'same': [111, 73],
                                                                'torch.bool': [3, 0],
                                                                'torch.int64': [13, 11]},
                                              'indices.relation': {'fresh': [136, 84],
                                                                   'same': [3, 0],
                                                                   'view': [38, 33]},
                                              'ndim': {'0': [8, 0],
                                                       '1': [98, 82],
                                                       '2': [29, 3],
                                                       '3': [22, 17],
                                                       '4': [20, 15]},
                                              'self.kind': {'dense': [156, 117],
                                                            'has_live_view': [10, 0],
                                                            'is_view': [4, 0],
                                                            'transposed': [7, 0]},
                                              'self.mode': {'expanded': [5, 4],
                                                            'extreme': [4, 1],
                                                            'offset': [3, 2],
                                                            'plain': [22, 0],
                                                            'sliced': [2, 2],
                                                            'transposed': [13, 9],
                                                            'visible': [9, 7],
                                                            'zero_dim': [2, 2],
                                                            'zero_size': [117, 90]},
                                              'square': {'False': [6, 0], 'True': [171, 117]},
                                              'values.dtype': {'floating': [4, 0],
                                                               'same': [17, 2],
                                                               'torch.bool': [8, 0],
                                                               'torch.int64': [109, 89]},
                                              'values.relation': {'fresh': [138, 91],
                                                                  'same': [5, 0],
                                                                  'view': [34, 26]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::cummin.out'}},
 'repro': {'op': 'aten::cummin.out',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [0], 'fill': 'ones'}}, 0],
           'kwargs': {'values': {'tensor': {'dtype': 'int64', 'shape': [0], 'fill': 'ones'}},
                      'indices': {'tensor': {'dtype': 'int64',
                                             'shape': [0],
                                             'fill': 'values',
                                             'layout': 'neg',
                                             'parts': [{'tensor': {'dtype': 'int64',
                                                                   'shape': [0],
                                                                   'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.ones(0, dtype=torch.int64)
values = torch.ones(0, dtype=torch.int64)
indices = torch._neg_view(torch.ones(0, dtype=torch.int64))
torch.ops.aten.cummin.out(self, 0, values=values, indices=indices)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
