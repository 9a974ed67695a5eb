# opprop crash repro: aten::geqrf.a fails an internal assert in aten::geqrf.a: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.geqrf.a--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::geqrf.a fails an internal assert in aten::geqrf.a: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::geqrf.a',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::geqrf.a'},
 'outcome_text': 'fails an internal assert in aten::geqrf.a: cloned_mutable_input.is_same(returned_output) '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::geqrf.a',
             'called_op': 'aten::geqrf.a',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'a': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [1, 1],
                              'storage_offset': 0,
                              'stride': [1, 1],
                              'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'tau': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'math_bit': 'neg',
                                'shape': [1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1],
                                'tensor': True}},
             'replay': {'choices': '410141000141040141010041034100410041004100410141004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::geqrf.a',
                        'steer': {'choices': {'a.dtype': {'floating': [30, 23],
                                                          'same': [101, 63],
                                                          'torch.bool': [3, 0],
                                                          'torch.int64': [3, 0]},
                                              'a.out_kind': {'empty': [34, 34], 'neg': [1, 1]},
                                              'a.relation': {'fresh': [35, 35],
                                                             'same': [29, 29],
                                                             'view': [2, 2]},
                                              'dtype': {'torch.bfloat16': [13, 0],
                                                        'torch.bool': [12, 0],
                                                        'torch.complex64': [36, 31],
                                                        'torch.float16': [3, 0],
                                                        'torch.float32': [135, 110],
                                                        'torch.float64': [4, 0],
                                                        'torch.int64': [2, 0],
                                                        'torch.int8': [2, 0]},
                                              'ndim': {'0': [15, 0],
                                                       '1': [10, 0],
                                                       '2': [123, 104],
                                                       '3': [13, 12],
                                                       '4': [5, 4]},
                                              'self.kind': {'dense': [57, 57],
                                                            'is_view': [8, 8],
                                                            'transposed': [1, 1]},
                                              'self.mode': {'expanded': [1, 1],
                                                            'plain': [56, 56],
                                                            'sliced': [3, 3],
                                                            'transposed': [2, 2],
                                                            'zero_size': [4, 4]},
                                              'square': {'False': [5, 5], 'True': [61, 61]},
                                              'tau.dtype': {'floating': [15, 11],
                                                            'same': [145, 100],
                                                            'torch.bool': [3, 0],
                                                            'torch.int64': [3, 0]},
                                              'tau.out_kind': {'channels_last': [5, 5],
                                                               'empty': [25, 25],
                                                               'neg': [14, 14],
                                                               'sized': [9, 9],
                                                               'transposed': [4, 4]},
                                              'tau.relation': {'fresh': [57, 57], 'same': [9, 9]},
                                              'tensors.mode': {'expanded': [1, 1],
                                                               'plain': [2, 2],
                                                               'sliced': [1, 1],
                                                               'transposed': [1, 1]}},
                                  'total': [66, 66],
                                  'valid_rate': 1.0},
                        'target': 'aten::geqrf.a'}},
 'repro': {'op': 'aten::geqrf.a',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'ones'}}],
           'kwargs': {'a': {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'ones'}},
                      'tau': {'tensor': {'dtype': 'float32',
                                         'shape': [1, 1],
                                         'fill': 'values',
                                         'layout': 'neg',
                                         'parts': [{'tensor': {'dtype': 'float32',
                                                               'shape': [1, 1],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.ones(1, 1, dtype=torch.float32)
a = torch.ones(1, 1, dtype=torch.float32)
tau = torch._neg_view(torch.ones(1, 1, dtype=torch.float32))
torch.ops.aten.geqrf.a(self, a=a, tau=tau)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
