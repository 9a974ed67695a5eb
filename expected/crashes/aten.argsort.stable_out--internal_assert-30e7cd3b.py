# opprop crash repro: aten::argsort.stable_out fails an internal assert in aten::argsort.stable_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.argsort.stable_out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::argsort.stable_out fails an internal assert in aten::argsort.stable_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::argsort.stable_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::argsort.stable_out'},
 'outcome_text': 'fails an internal assert in aten::argsort.stable_out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::argsort.stable_out',
             'called_op': 'aten::argsort.stable_out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'descending': False,
                        'dim': -1,
                        'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'math_bit': 'neg',
                                'shape': [1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'math_bit': 'neg',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'stable': False},
             'replay': {'choices': '41014100014100014100004100410041004100410041004101410041004100410e004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::argsort.stable_out',
                        'steer': {'choices': {'descending.default': {'False': [14, 14], 'True': [26, 23]},
                                              'dim.default': {'False': [4, 0], 'True': [159, 113]},
                                              'dtype': {'torch.bfloat16': [9, 2],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [5, 0],
                                                        'torch.float16': [4, 0],
                                                        'torch.float32': [8, 0],
                                                        'torch.float64': [1, 0],
                                                        'torch.int32': [26, 4],
                                                        'torch.int64': [122, 113],
                                                        'torch.int8': [3, 0],
                                                        'torch.uint8': [3, 0]},
                                              'ndim': {'0': [13, 4],
                                                       '1': [3, 0],
                                                       '2': [116, 83],
                                                       '3': [34, 22],
                                                       '4': [18, 10]},
                                              'out.dtype': {'floating': [3, 0],
                                                            'same': [96, 60],
                                                            'torch.bool': [8, 0],
                                                            'torch.int64': [20, 15]},
                                              'out.out_kind': {'empty': [13, 10]},
                                              'out.relation': {'fresh': [124, 75],
                                                               'same': [3, 0],
                                                               'view': [57, 44]},
                                              'self.kind': {'conj': [3, 3],
                                                            'dense': [12, 0],
                                                            'has_live_view': [13, 11],
                                                            'is_view': [126, 82],
                                                            'neg': [18, 18],
                                                            'nested_jagged': [1, 0],
                                                            'sparse_coo_uncoalesced': [1, 0],
                                                            'sparse_csr': [1, 0],
                                                            'transposed': [9, 5]},
                                              'self.mode': {'plain': [7, 7], 'zero_size': [9, 9]},
                                              'square': {'False': [3, 0], 'True': [181, 119]},
                                              'tensors.mode': {'plain': [1, 1], 'zero_size': [1, 1]}},
                                  'total': [40, 37],
                                  'valid_rate': 0.925},
                        'target': 'aten::argsort.stable_out'}},
 'repro': {'op': 'aten::argsort.stable_out',
           'args': [{'tensor': {'dtype': 'int64',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'neg',
                                'parts': [{'tensor': {'dtype': 'int64', 'shape': [1, 1], 'fill': 'ones'}}]}}],
           'kwargs': {'stable': False,
                      'dim': -1,
                      'descending': False,
                      'out': {'tensor': {'dtype': 'int64',
                                         'shape': [1, 1],
                                         'fill': 'values',
                                         'layout': 'neg',
                                         'parts': [{'tensor': {'dtype': 'int64',
                                                               'shape': [1, 1],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch._neg_view(torch.ones(1, 1, dtype=torch.int64))
out_ = torch._neg_view(torch.ones(1, 1, dtype=torch.int64))
torch.ops.aten.argsort.stable_out(self, stable=False, dim=-1, descending=False, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
