# opprop crash repro: aten::special_chebyshev_polynomial_v.out fails an internal assert in aten::special_chebyshev_polynomial_v.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.special_chebyshev_polynomial_v.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::special_chebyshev_polynomial_v.out fails an internal assert in aten::special_chebyshev_polynomial_v.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::special_chebyshev_polynomial_v.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::special_chebyshev_polynomial_v.out'},
 'outcome_text': 'fails an internal assert in aten::special_chebyshev_polynomial_v.out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::special_chebyshev_polynomial_v.out',
             'called_op': 'aten::special_chebyshev_polynomial_v.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'n': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [],
                              'storage_offset': 0,
                              'stride': [],
                              'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'math_bit': 'neg',
                                'shape': [1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1],
                                'tensor': True},
                        'x': {'components': [[1, 1], [2, 1]],
                              'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'jagged',
                              'nested': True,
                              'shape': [2, None, 1],
                              'tensor': True}},
             'replay': {'choices': '410001410301410100410341014100410041004101410041004100410c410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::special_chebyshev_polynomial_v.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [2, 0],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [5, 0],
                                                        'torch.float16': [7, 0],
                                                        'torch.float32': [171, 162],
                                                        'torch.float64': [64, 62],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [1, 0],
                                                        'torch.int8': [1, 0],
                                                        'torch.uint8': [1, 0]},
                                              'out.dtype': {'floating': [41, 36],
                                                            'same': [168, 152],
                                                            'torch.bool': [3, 0],
                                                            'torch.int64': [3, 0]},
                                              'square': {'False': [5, 0], 'True': [251, 224]},
                                              'x.kind': {'dense': [179, 155],
                                                         'has_live_view': [38, 36],
                                                         'is_view': [3, 0],
                                                         'transposed': [36, 33]},
                                              'x.mode': {'expanded': [4, 4],
                                                         'extreme': [2, 1],
                                                         'offset': [6, 6],
                                                         'plain': [215, 197],
                                                         'sliced': [11, 10],
                                                         'transposed': [3, 0],
                                                         'visible': [9, 6],
                                                         'zero_dim': [3, 0],
                                                         'zero_size': [3, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::special_chebyshev_polynomial_v.out'}},
 'repro': {'op': 'aten::special_chebyshev_polynomial_v.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'ones'}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [2, 1],
                                                      'fill': 'ones'}}]}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'ones'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [1, 1],
                                         'fill': 'values',
                                         'layout': 'neg',
                                         'parts': [{'tensor': {'dtype': 'float32',
                                                               'shape': [1, 1],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

x = torch.nested.nested_tensor([torch.ones(1, 1, dtype=torch.float32), torch.ones(2, 1, dtype=torch.float32)], layout=torch.jagged)
n = torch.ones((), dtype=torch.float32)
out_ = torch._neg_view(torch.ones(1, 1, dtype=torch.float32))
torch.ops.aten.special_chebyshev_polynomial_v.out(x, n, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
