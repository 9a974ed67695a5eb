# opprop crash repro: aten::special_shifted_chebyshev_polynomial_w.n_scalar_out fails an internal assert in aten::special_shifted_chebyshev_polynomial_w.n_scalar_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.special_shifted_chebyshev_polynomial_w.n_scalar_out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::special_shifted_chebyshev_polynomial_w.n_scalar_out fails an internal assert in aten::special_shifted_chebyshev_polynomial_w.n_scalar_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::special_shifted_chebyshev_polynomial_w.n_scalar_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::special_shifted_chebyshev_polynomial_w.n_scalar_out'},
 'outcome_text': 'fails an internal assert in aten::special_shifted_chebyshev_polynomial_w.n_scalar_out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::special_shifted_chebyshev_polynomial_w.n_scalar_out',
             'called_op': 'aten::special_shifted_chebyshev_polynomial_w.n_scalar_out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'n': 1,
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'math_bit': 'neg',
                                'shape': [],
                                'storage_offset': 0,
                                'stride': [],
                                'tensor': True},
                        'x': {'components': [[1], [2]],
                              'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'jagged',
                              'nested': True,
                              'shape': [2, None],
                              'tensor': True}},
             'replay': {'choices': '4100014102014100004103410041004103410141004100410d4100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::special_shifted_chebyshev_polynomial_w.n_scalar_out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [4, 0],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [5, 0],
                                                        'torch.float16': [1, 0],
                                                        'torch.float32': [183, 178],
                                                        'torch.float64': [32, 28],
                                                        'torch.int64': [4, 0],
                                                        'torch.int8': [1, 0]},
                                              'out.dtype': {'floating': [26, 26],
                                                            'same': [114, 114],
                                                            'torch.bool': [5, 0],
                                                            'torch.int64': [4, 0]},
                                              'out.relation': {'fresh': [190, 176],
                                                               'same': [6, 0],
                                                               'view': [37, 30]},
                                              'tensors.mode': {'expanded': [4, 4],
                                                               'plain': [20, 20],
                                                               'transposed': [1, 1],
                                                               'zero_dim': [3, 0],
                                                               'zero_size': [9, 8]},
                                              'x.mode': {'expanded': [6, 4],
                                                         'extreme': [3, 3],
                                                         'offset': [13, 12],
                                                         'plain': [177, 160],
                                                         'sliced': [2, 2],
                                                         'transposed': [12, 11],
                                                         'visible': [3, 3],
                                                         'zero_dim': [3, 0],
                                                         'zero_size': [14, 11]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::special_shifted_chebyshev_polynomial_w.n_scalar_out'}},
 'repro': {'op': 'aten::special_shifted_chebyshev_polynomial_w.n_scalar_out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'ones'}},
                                          {'tensor': {'dtype': 'float32', 'shape': [2], 'fill': 'ones'}}]}},
                    1],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [],
                                         'fill': 'values',
                                         'layout': 'neg',
                                         'parts': [{'tensor': {'dtype': 'float32',
                                                               'shape': [],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

x = torch.nested.nested_tensor([torch.ones(1, dtype=torch.float32), torch.ones(2, dtype=torch.float32)], layout=torch.jagged)
out_ = torch._neg_view(torch.ones((), dtype=torch.float32))
torch.ops.aten.special_shifted_chebyshev_polynomial_w.n_scalar_out(x, 1, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
