# opprop crash repro: aten::negative.out fails an internal assert in aten::neg.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.negative.out--internal_assert-eb114937.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::negative.out fails an internal assert in aten::neg.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.

Public entry point: `torch.negative(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::negative.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
             'op': 'aten::neg.out'},
 'outcome_text': 'fails an internal assert in aten::neg.out: result.is_sparse_csr() INTERNAL ASSERT FAILED '
                 'at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.negative(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::negative.out',
             'called_op': 'aten::negative.out',
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
                        'database_key': 'opprop-fuzz:aten::negative.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [3, 3],
                                                        'torch.bool': [3, 0],
                                                        'torch.float16': [2, 2],
                                                        'torch.float32': [57, 42],
                                                        'torch.float64': [11, 10],
                                                        'torch.int32': [2, 2],
                                                        'torch.int64': [2, 2],
                                                        'torch.int8': [10, 10],
                                                        'torch.uint8': [4, 2]},
                                              'ndim': {'2': [26, 20], '3': [1, 0]},
                                              'out.dtype': {'floating': [8, 4],
                                                            'same': [55, 50],
                                                            'torch.int64': [9, 0]},
                                              'out.out_kind': {'empty': [27, 20]},
                                              'out.relation': {'fresh': [26, 20], 'view': [1, 0]},
                                              'self.kind': {'dense': [5, 5],
                                                            'is_view': [1, 1],
                                                            'quantized_per_channel': [1, 0],
                                                            'quantized_per_tensor': [2, 0],
                                                            'sparse_coo': [1, 0],
                                                            'sparse_coo_uncoalesced': [3, 0],
                                                            'sparse_csc': [12, 12],
                                                            'sparse_csr': [2, 2]},
                                              'self.mode': {'plain': [6, 6]},
                                              'self.qdtype': {'torch.quint8': [3, 0]},
                                              'self.zero_point': {'None': [3, 0]},
                                              'square': {'True': [27, 20]}},
                                  'total': [27, 20],
                                  'valid_rate': 0.7407407407407407},
                        'target': 'aten::negative.out'}},
 'repro': {'op': 'aten::negative.out',
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
torch.ops.aten.negative.out(self, out=out_)


EXPECTED = """internal assert: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171
"""
