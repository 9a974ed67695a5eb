# opprop crash repro: aten::arcsin.out fails an internal assert in aten::asin.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.arcsin.out--internal_assert-eb114937.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::arcsin.out fails an internal assert in aten::asin.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.

Public entry point: `torch.arcsin(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::arcsin.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
             'op': 'aten::asin.out'},
 'outcome_text': 'fails an internal assert in aten::asin.out: result.is_sparse_csr() INTERNAL ASSERT FAILED '
                 'at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.arcsin(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::arcsin.out',
             'called_op': 'aten::arcsin.out',
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
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csr',
                                 'nnz': 1,
                                 'shape': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '410000410041004101410041004100410741004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::arcsin.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [25, 20],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [21, 20],
                                                        'torch.float16': [9, 7],
                                                        'torch.float32': [147, 139],
                                                        'torch.float64': [39, 39],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [5, 0],
                                                        'torch.int8': [3, 0]},
                                              'ndim': {'0': [1, 0],
                                                       '1': [7, 3],
                                                       '2': [31, 24],
                                                       '3': [3, 3],
                                                       '4': [1, 1]},
                                              'out.dtype': {'floating': [27, 25],
                                                            'same': [154, 144],
                                                            'torch.bool': [3, 0],
                                                            'torch.int64': [8, 0]},
                                              'out.out_kind': {'empty': [40, 29],
                                                               'sized': [1, 1],
                                                               'transposed': [1, 0]},
                                              'out.relation': {'fresh': [41, 29],
                                                               'same': [1, 1],
                                                               'view': [1, 1]},
                                              'self.kind': {'dense': [21, 16],
                                                            'is_view': [1, 1],
                                                            'nested_jagged': [1, 1],
                                                            'quantized_per_tensor': [2, 0],
                                                            'sparse_coo': [1, 0],
                                                            'sparse_coo_uncoalesced': [4, 0],
                                                            'sparse_csr': [12, 12],
                                                            'transposed': [1, 1]},
                                              'self.mode': {'offset': [1, 1],
                                                            'plain': [19, 14],
                                                            'transposed': [1, 1],
                                                            'zero_dim': [1, 1],
                                                            'zero_size': [1, 1]},
                                              'self.qdtype': {'torch.qint8': [1, 0], 'torch.quint8': [1, 0]},
                                              'self.zero_point': {'None': [2, 0]},
                                              'square': {'False': [3, 2], 'True': [40, 29]}},
                                  'total': [43, 31],
                                  'valid_rate': 0.7209302325581395},
                        'target': 'aten::arcsin.out'}},
 'repro': {'op': 'aten::arcsin.out',
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
                                          {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, dtype=torch.float32), (1, 1), layout=torch.sparse_csr)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.arcsin.out(self, out=out_)


EXPECTED = """internal assert: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171
"""
