# opprop crash repro: aten::histogram.bin_ct_out fails an internal assert in aten::histogram.bin_ct_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.histogram.bin_ct_out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::histogram.bin_ct_out fails an internal assert in aten::histogram.bin_ct_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::histogram.bin_ct_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::histogram.bin_ct_out'},
 'outcome_text': 'fails an internal assert in aten::histogram.bin_ct_out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::histogram.bin_ct_out',
             'called_op': 'aten::histogram.bin_ct_out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'bin_edges': {'device': 'cpu',
                                      'dtype': 'float32',
                                      'layout': 'strided',
                                      'math_bit': 'neg',
                                      'shape': [1, 1],
                                      'storage_offset': 0,
                                      'stride': [1, 1],
                                      'tensor': True},
                        'bins': 100,
                        'density': False,
                        'hist': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [100],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'range': None,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'weight': None},
             'replay': {'choices': '410141000141050041034100410041004100410141004100410041004100410041004100410041004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::histogram.bin_ct_out',
                        'steer': {'choices': {'bin_edges.dtype': {'floating': [2, 1],
                                                                  'same': [41, 18],
                                                                  'torch.bool': [7, 0],
                                                                  'torch.int64': [4, 0]},
                                              'bin_edges.out_kind': {'empty': [15, 6], 'transposed': [1, 1]},
                                              'bin_edges.relation': {'fresh': [16, 7]},
                                              'bins.default': {'False': [3, 0], 'True': [13, 7]},
                                              'bins.value': {'drawn': [3, 0]},
                                              'density.default': {'False': [1, 1], 'True': [15, 6]},
                                              'dtype': {'torch.bfloat16': [4, 0],
                                                        'torch.bool': [6, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float16': [2, 0],
                                                        'torch.float32': [29, 16],
                                                        'torch.float64': [8, 5],
                                                        'torch.int64': [4, 0]},
                                              'hist.dtype': {'floating': [12, 3],
                                                             'same': [31, 16],
                                                             'torch.bool': [7, 0],
                                                             'torch.int64': [3, 0]},
                                              'hist.out_kind': {'empty': [15, 6]},
                                              'hist.relation': {'fresh': [15, 6], 'same': [1, 1]},
                                              'ndim': {'0': [4, 0], '2': [10, 6], '4': [2, 1]},
                                              'range.default': {'False': [4, 0], 'True': [12, 7]},
                                              'range.none': {'True': [4, 0]},
                                              'self.kind': {'dense': [39, 19],
                                                            'has_live_view': [10, 2],
                                                            'is_view': [3, 0],
                                                            'transposed': [4, 0]},
                                              'self.mode': {'extreme': [1, 0],
                                                            'plain': [14, 7],
                                                            'sliced': [1, 0]},
                                              'square': {'False': [3, 0], 'True': [13, 7]},
                                              'tensors.mode': {'extreme': [1, 0], 'plain': [4, 3]},
                                              'weight.default': {'False': [3, 1], 'True': [13, 6]},
                                              'weight.mode': {'extreme': [1, 0], 'plain': [1, 0]},
                                              'weight.none': {'False': [2, 0], 'True': [1, 1]},
                                              'weight.relation': {'own': [3, 1]},
                                              'weight.shape': {'channels': [2, 0]}},
                                  'total': [16, 7],
                                  'valid_rate': 0.4375},
                        'target': 'aten::histogram.bin_ct_out'}},
 'repro': {'op': 'aten::histogram.bin_ct_out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'ones'}}, 100],
           'kwargs': {'range': None,
                      'weight': None,
                      'density': False,
                      'hist': {'tensor': {'dtype': 'float32', 'shape': [100], 'fill': 'ones'}},
                      'bin_edges': {'tensor': {'dtype': 'float32',
                                               'shape': [1, 1],
                                               'fill': 'values',
                                               'layout': 'neg',
                                               'parts': [{'tensor': {'dtype': 'float32',
                                                                     'shape': [1, 1],
                                                                     'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.ones(1, 1, dtype=torch.float32)
hist = torch.ones(100, dtype=torch.float32)
bin_edges = torch._neg_view(torch.ones(1, 1, dtype=torch.float32))
torch.ops.aten.histogram.bin_ct_out(self, 100, range=None, weight=None, density=False, hist=hist, bin_edges=bin_edges)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
