# opprop crash repro: aten::floor_divide.out fails an internal assert in aten::floor_divide.out: result.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":298 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.floor_divide.out--internal_assert-183384a0.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::floor_divide.out fails an internal assert in aten::floor_divide.out: result.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":298 on torch 2.13.0+cpu.

Public entry point: `torch.floor_divide(self, other, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::floor_divide.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'result.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":298',
             'op': 'aten::floor_divide.out'},
 'outcome_text': 'fails an internal assert in aten::floor_divide.out: result.is_sparse() INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":298',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.floor_divide(self, other, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::floor_divide.out',
             'called_op': 'aten::floor_divide.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'result.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":298, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'other': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [],
                                  'storage_offset': 0,
                                  'stride': [],
                                  'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'self': {'coalesced': True,
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_coo',
                                 'nnz': 1,
                                 'shape': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '410141000141010041014100410041014100410441004100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::floor_divide.out',
                        'steer': {'choices': {'dtype': {'torch.bool': [3, 0],
                                                        'torch.complex64': [1, 0],
                                                        'torch.float32': [13, 11],
                                                        'torch.float64': [16, 13],
                                                        'torch.int32': [2, 2],
                                                        'torch.int64': [1, 1],
                                                        'torch.int8': [1, 0],
                                                        'torch.uint8': [1, 1]},
                                              'ndim': {'1': [7, 6], '2': [28, 21], '3': [2, 1], '4': [1, 0]},
                                              'other.kind': {'dense': [37, 20],
                                                             'is_view': [7, 7],
                                                             'sparse_coo': [3, 0],
                                                             'sparse_coo_uncoalesced': [2, 0],
                                                             'transposed': [8, 6]},
                                              'other.mode': {'plain': [24, 16], 'sliced': [4, 3]},
                                              'other.relation': {'own': [28, 19],
                                                                 'partial': [5, 4],
                                                                 'same': [2, 2],
                                                                 'view': [3, 3]},
                                              'out.dtype': {'floating': [3, 2],
                                                            'same': [57, 41],
                                                            'torch.bool': [4, 0],
                                                            'torch.int64': [8, 3]},
                                              'out.relation': {'fresh': [33, 25],
                                                               'same': [4, 3],
                                                               'view': [1, 0]},
                                              'self.kind': {'dense': [16, 12],
                                                            'has_live_view': [1, 1],
                                                            'is_view': [10, 8],
                                                            'sparse_coo': [2, 0],
                                                            'sparse_coo_uncoalesced': [2, 0],
                                                            'transposed': [7, 7]},
                                              'self.mode': {'expanded': [3, 3],
                                                            'extreme': [2, 2],
                                                            'plain': [24, 19],
                                                            'sliced': [4, 3],
                                                            'zero_size': [1, 1]},
                                              'square': {'False': [10, 7], 'True': [28, 21]},
                                              'tensors.mode': {'plain': [1, 0], 'sliced': [3, 2]}},
                                  'total': [38, 28],
                                  'valid_rate': 0.7368421052631579},
                        'target': 'aten::floor_divide.out'}},
 'repro': {'op': 'aten::floor_divide.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}],
                                'coalesced': True}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.zeros(0, dtype=torch.float32), (1, 1), is_coalesced=True)
other = torch.zeros((), dtype=torch.float32)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.floor_divide.out(self, other, out=out_)


EXPECTED = """internal assert: result.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":298
"""
