# opprop crash repro: aten::special_psi.out fails an internal assert in aten::special_psi.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.special_psi.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::special_psi.out fails an internal assert in aten::special_psi.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::special_psi.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::special_psi.out'},
 'outcome_text': 'fails an internal assert in aten::special_psi.out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::special_psi.out',
             'called_op': 'aten::special_psi.out',
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
             'replay': {'choices': '4100014101014101004100410041024100410041004101410041004100410b410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::special_psi.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [17, 14],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [4, 0],
                                                        'torch.float16': [12, 10],
                                                        'torch.float32': [127, 117],
                                                        'torch.float64': [32, 27],
                                                        'torch.int64': [3, 0],
                                                        'torch.uint8': [1, 0]},
                                              'ndim': {'0': [5, 5], '1': [2, 2], '2': [52, 40], '3': [1, 0]},
                                              'out.dtype': {'floating': [29, 25],
                                                            'same': [126, 112],
                                                            'torch.bool': [4, 0],
                                                            'torch.int64': [4, 0]},
                                              'out.out_kind': {'channels_last': [3, 2],
                                                               'empty': [46, 38],
                                                               'transposed': [4, 0]},
                                              'out.relation': {'fresh': [52, 40],
                                                               'same': [6, 6],
                                                               'view': [2, 1]},
                                              'self.kind': {'conj': [2, 2],
                                                            'dense': [35, 33],
                                                            'is_view': [1, 1],
                                                            'neg': [1, 1],
                                                            'nested_jagged': [10, 10],
                                                            'nested_strided': [1, 0],
                                                            'quantized_per_channel': [1, 0],
                                                            'sparse_bsr': [3, 0],
                                                            'sparse_coo': [1, 0],
                                                            'sparse_coo_uncoalesced': [3, 0],
                                                            'sparse_csr': [2, 0]},
                                              'self.mode': {'expanded': [3, 0],
                                                            'extreme': [2, 2],
                                                            'offset': [17, 17],
                                                            'plain': [91, 89],
                                                            'sliced': [5, 5],
                                                            'transposed': [2, 2],
                                                            'visible': [7, 5],
                                                            'zero_dim': [12, 9],
                                                            'zero_size': [7, 7]},
                                              'self.qdtype': {'torch.quint2x4': [1, 0]},
                                              'self.zero_point': {'None': [1, 0]},
                                              'square': {'False': [9, 2], 'True': [191, 166]},
                                              'tensors.mode': {'plain': [10, 10], 'zero_dim': [3, 3]}},
                                  'total': [60, 47],
                                  'valid_rate': 0.7833333333333333},
                        'target': 'aten::special_psi.out'}},
 'repro': {'op': 'aten::special_psi.out',
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
torch.ops.aten.special_psi.out(self, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
