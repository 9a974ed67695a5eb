# opprop crash repro: aten::cosh.out fails an internal assert in aten::cosh.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.cosh.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::cosh.out fails an internal assert in aten::cosh.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::cosh.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::cosh.out'},
 'outcome_text': 'fails an internal assert in aten::cosh.out: cloned_mutable_input.is_same(returned_output) '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::cosh.out',
             'called_op': 'aten::cosh.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'math_bit': 'neg',
                                'shape': [1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1],
                                'tensor': True},
                        'self': {'components': [[1, 1], [2, 1]],
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'jagged',
                                 'nested': True,
                                 'shape': [2, None, 1],
                                 'tensor': True}},
             'replay': {'choices': '4101410001410001410100410041034100410041004101410041004100410c41004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::cosh.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [17, 16],
                                                        'torch.bool': [7, 0],
                                                        'torch.complex64': [14, 14],
                                                        'torch.float16': [8, 5],
                                                        'torch.float32': [97, 89],
                                                        'torch.float64': [30, 29],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [2, 0],
                                                        'torch.int8': [2, 0]},
                                              'ndim': {'1': [3, 0],
                                                       '2': [129, 114],
                                                       '3': [30, 25],
                                                       '4': [16, 14]},
                                              'out.dtype': {'floating': [22, 22],
                                                            'same': [99, 83],
                                                            'torch.bool': [3, 0],
                                                            'torch.int64': [5, 0]},
                                              'out.out_kind': {'empty': [15, 10]},
                                              'out.relation': {'fresh': [15, 10],
                                                               'same': [1, 1],
                                                               'view': [1, 1]},
                                              'self.kind': {'conj': [1, 1],
                                                            'dense': [10, 10],
                                                            'is_view': [1, 1],
                                                            'sparse_csc': [5, 0]},
                                              'self.mode': {'extreme': [1, 1],
                                                            'plain': [8, 8],
                                                            'sliced': [1, 1],
                                                            'transposed': [1, 1]},
                                              'square': {'False': [2, 2], 'True': [15, 10]},
                                              'tensors.mode': {'extreme': [1, 1], 'sliced': [1, 1]}},
                                  'total': [17, 12],
                                  'valid_rate': 0.7058823529411765},
                        'target': 'aten::cosh.out'}},
 'repro': {'op': 'aten::cosh.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'ones'}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [2, 1],
                                                      'fill': 'ones'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [1, 1],
                                         'fill': 'values',
                                         'layout': 'neg',
                                         'parts': [{'tensor': {'dtype': 'float32',
                                                               'shape': [1, 1],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.nested.nested_tensor([torch.ones(1, 1, dtype=torch.float32), torch.ones(2, 1, dtype=torch.float32)], layout=torch.jagged)
out_ = torch._neg_view(torch.ones(1, 1, dtype=torch.float32))
torch.ops.aten.cosh.out(self, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
