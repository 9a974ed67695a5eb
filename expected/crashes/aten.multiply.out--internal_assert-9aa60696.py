# opprop crash repro: aten::multiply.out fails an internal assert in aten::mul.out: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.multiply.out--internal_assert-9aa60696.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::multiply.out fails an internal assert in aten::mul.out: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.

Public entry point: `torch.multiply(self, other, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::multiply.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
             'op': 'aten::mul.out'},
 'outcome_text': 'fails an internal assert in aten::mul.out: self.is_sparse() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.multiply(self, other, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::multiply.out',
             'called_op': 'aten::multiply.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28, please '
                                 'report a bug to PyTorch. _internal_get_SparseTensorImpl: not a sparse '
                                 'tensor',
                        'private': False},
             'inputs': {'other': {'coalesced': True,
                                  'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'sparse_coo',
                                  'nnz': 1,
                                  'shape': [1, 1],
                                  'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '41000041004100410141004100410641004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::multiply.out',
                        'steer': {'choices': {'dtype': {'torch.float32': [25, 20], 'torch.float64': [5, 5]},
                                              'ndim': {'2': [25, 20], '3': [5, 5]},
                                              'other.kind': {'dense': [13, 12],
                                                             'has_live_view': [8, 8],
                                                             'is_view': [2, 1],
                                                             'quantized_per_channel': [2, 0],
                                                             'quantized_per_tensor': [1, 0],
                                                             'sparse_coo': [2, 2],
                                                             'sparse_coo_uncoalesced': [1, 1],
                                                             'transposed': [1, 1]},
                                              'other.mode': {'offset': [1, 1],
                                                             'plain': [22, 20],
                                                             'zero_size': [1, 1]},
                                              'other.qdtype': {'torch.quint8': [3, 0]},
                                              'other.relation': {'own': [29, 25], 'view': [1, 0]},
                                              'other.zero_point': {'None': [3, 0]},
                                              'out.dtype': {'floating': [7, 7],
                                                            'same': [68, 65],
                                                            'torch.bool': [4, 0],
                                                            'torch.int64': [2, 0]},
                                              'out.out_kind': {'empty': [30, 25]},
                                              'out.relation': {'fresh': [30, 25]},
                                              'self.kind': {'dense': [18, 14],
                                                            'sparse_coo_uncoalesced': [11, 11],
                                                            'sparse_csc': [1, 0]},
                                              'self.mode': {'offset': [1, 1],
                                                            'plain': [16, 12],
                                                            'zero_size': [1, 1]},
                                              'square': {'False': [1, 0], 'True': [29, 25]},
                                              'tensors.mode': {'offset': [1, 1], 'zero_size': [1, 1]}},
                                  'total': [30, 25],
                                  'valid_rate': 0.8333333333333334},
                        'target': 'aten::multiply.out'}},
 'repro': {'op': 'aten::multiply.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}],
                                'coalesced': True}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
other = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.zeros(0, dtype=torch.float32), (1, 1), is_coalesced=True)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.multiply.out(self, other, out=out_)


EXPECTED = """internal assert: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28
"""
