# opprop crash repro: aten::soft_margin_loss.out fails an internal assert in aten::soft_margin_loss.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.soft_margin_loss.out--internal_assert-eb114937.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::soft_margin_loss.out fails an internal assert in aten::soft_margin_loss.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::soft_margin_loss.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
             'op': 'aten::soft_margin_loss.out'},
 'outcome_text': 'fails an internal assert in aten::soft_margin_loss.out: result.is_sparse_csr() INTERNAL '
                 'ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::soft_margin_loss.out',
             'called_op': 'aten::soft_margin_loss.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'reduction': 1,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csr',
                                 'nnz': 1,
                                 'shape': [1, 1],
                                 'tensor': True},
                        'target': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [1, 1],
                                   'storage_offset': 0,
                                   'stride': [1, 1],
                                   'tensor': True}},
             'replay': {'choices': '41000041004100410141004100410041074100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::soft_margin_loss.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [20, 19],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [12, 9],
                                                        'torch.float16': [23, 23],
                                                        'torch.float32': [130, 119],
                                                        'torch.float64': [27, 23],
                                                        'torch.int32': [2, 0],
                                                        'torch.int8': [3, 0]},
                                              'ndim': {'2': [31, 20], '4': [5, 5]},
                                              'out.dtype': {'floating': [27, 25],
                                                            'same': [161, 145],
                                                            'torch.bool': [4, 0],
                                                            'torch.int64': [4, 0]},
                                              'out.out_kind': {'empty': [32, 21], 'sized': [4, 4]},
                                              'out.relation': {'fresh': [36, 25]},
                                              'reduction.default': {'False': [2, 1], 'True': [34, 24]},
                                              'reduction.value': {'drawn': [2, 1]},
                                              'self.kind': {'dense': [10, 7],
                                                            'is_view': [3, 3],
                                                            'quantized_per_tensor': [2, 0],
                                                            'sparse_coo': [1, 0],
                                                            'sparse_coo_uncoalesced': [5, 0],
                                                            'sparse_csc': [13, 13],
                                                            'sparse_csr': [2, 2]},
                                              'self.mode': {'expanded': [1, 1],
                                                            'extreme': [1, 1],
                                                            'plain': [9, 6],
                                                            'zero_size': [2, 2]},
                                              'self.qdtype': {'torch.quint8': [2, 0]},
                                              'self.zero_point': {'None': [2, 0]},
                                              'square': {'False': [1, 1], 'True': [35, 24]},
                                              'target.bound': {'within': [36, 25]},
                                              'target.kind': {'dense': [23, 16],
                                                              'is_view': [1, 0],
                                                              'sparse_coo': [1, 1],
                                                              'sparse_coo_uncoalesced': [8, 8],
                                                              'sparse_csc': [2, 0],
                                                              'sparse_csr': [1, 0]},
                                              'tensors.mode': {'extreme': [1, 1]}},
                                  'total': [36, 25],
                                  'valid_rate': 0.6944444444444444},
                        'target': 'aten::soft_margin_loss.out'}},
 'repro': {'op': 'aten::soft_margin_loss.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_csr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0, 1]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0]}},
                                          {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}}]}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, dtype=torch.float32), (1, 1), layout=torch.sparse_csr)
target = torch.zeros((), dtype=torch.float32)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.soft_margin_loss.out(self, target, out=out_)


EXPECTED = """internal assert: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171
"""
