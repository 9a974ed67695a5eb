# opprop crash repro: aten::special_hermite_polynomial_h.n_scalar_out fails an internal assert in aten::special_hermite_polynomial_h.n_scalar_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.special_hermite_polynomial_h.n_scalar_out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::special_hermite_polynomial_h.n_scalar_out fails an internal assert in aten::special_hermite_polynomial_h.n_scalar_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::special_hermite_polynomial_h.n_scalar_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::special_hermite_polynomial_h.n_scalar_out'},
 'outcome_text': 'fails an internal assert in aten::special_hermite_polynomial_h.n_scalar_out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::special_hermite_polynomial_h.n_scalar_out',
             'called_op': 'aten::special_hermite_polynomial_h.n_scalar_out',
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
             'replay': {'choices': '4100014102004103410041004101410041004100410b410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::special_hermite_polynomial_h.n_scalar_out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [8, 0],
                                                        'torch.bool': [21, 5],
                                                        'torch.complex64': [4, 0],
                                                        'torch.float16': [2, 0],
                                                        'torch.float32': [121, 111],
                                                        'torch.float64': [31, 30],
                                                        'torch.int32': [4, 0],
                                                        'torch.int64': [17, 2],
                                                        'torch.int8': [5, 1],
                                                        'torch.uint8': [6, 0]},
                                              'n.value': {'drawn': [48, 33], 'one': [4, 4], 'zero': [8, 8]},
                                              'ndim': {'0': [18, 16],
                                                       '1': [45, 27],
                                                       '2': [130, 92],
                                                       '3': [8, 5],
                                                       '4': [18, 9]},
                                              'out.dtype': {'floating': [54, 51],
                                                            'same': [183, 114],
                                                            'torch.bool': [3, 0],
                                                            'torch.int64': [5, 0]},
                                              'out.out_kind': {'channels_last': [1, 1],
                                                               'empty': [46, 33],
                                                               'sized': [1, 1],
                                                               'transposed': [3, 3]},
                                              'out.relation': {'fresh': [50, 38],
                                                               'same': [3, 2],
                                                               'view': [7, 5]},
                                              'square': {'False': [16, 13], 'True': [44, 32]},
                                              'tensors.mode': {'plain': [10, 10],
                                                               'transposed': [5, 4],
                                                               'zero_size': [1, 1]},
                                              'x.kind': {'dense': [39, 36],
                                                         'has_live_view': [1, 1],
                                                         'is_view': [5, 5],
                                                         'nested_jagged': [1, 1],
                                                         'nested_strided': [2, 0],
                                                         'quantized_per_channel': [5, 0],
                                                         'sparse_coo': [5, 0],
                                                         'transposed': [2, 2]},
                                              'x.mode': {'expanded': [3, 3],
                                                         'offset': [2, 1],
                                                         'plain': [34, 33],
                                                         'sliced': [1, 1],
                                                         'transposed': [5, 4],
                                                         'zero_size': [2, 2]},
                                              'x.qdtype': {'torch.qint8': [1, 0], 'torch.quint8': [4, 0]},
                                              'x.zero_point': {'None': [5, 0]}},
                                  'total': [60, 45],
                                  'valid_rate': 0.75},
                        'target': 'aten::special_hermite_polynomial_h.n_scalar_out'}},
 'repro': {'op': 'aten::special_hermite_polynomial_h.n_scalar_out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'ones'}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [2, 1],
                                                      'fill': 'ones'}}]}},
                    1],
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
out_ = torch._neg_view(torch.ones(1, 1, dtype=torch.float32))
torch.ops.aten.special_hermite_polynomial_h.n_scalar_out(x, 1, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
