# opprop crash repro: aten::tan.out fails an internal assert in aten::tan.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.tan.out--internal_assert-eb114937.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::tan.out fails an internal assert in aten::tan.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.

Public entry point: `torch.tan(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::tan.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
             'op': 'aten::tan.out'},
 'outcome_text': 'fails an internal assert in aten::tan.out: result.is_sparse_csr() INTERNAL ASSERT FAILED '
                 'at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.tan(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::tan.out',
             'called_op': 'aten::tan.out',
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
             'replay': {'choices': '4101410000410041004101410041064100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::tan.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [2, 1],
                                                        'torch.bool': [2, 0],
                                                        'torch.complex64': [1, 1],
                                                        'torch.float16': [3, 2],
                                                        'torch.float32': [7, 5],
                                                        'torch.float64': [1, 1],
                                                        'torch.int64': [2, 0]},
                                              'ndim': {'1': [3, 3], '2': [10, 6], '3': [1, 0], '4': [4, 1]},
                                              'out.dtype': {'same': [10, 7],
                                                            'torch.bool': [2, 0],
                                                            'torch.int64': [1, 0]},
                                              'out.relation': {'fresh': [13, 7],
                                                               'same': [1, 1],
                                                               'view': [4, 2]},
                                              'self.kind': {'dense': [10, 5],
                                                            'has_live_view': [1, 0],
                                                            'is_view': [6, 5],
                                                            'sparse_coo': [1, 0]},
                                              'self.mode': {'offset': [2, 1],
                                                            'plain': [11, 7],
                                                            'transposed': [3, 1],
                                                            'zero_dim': [1, 1]},
                                              'square': {'False': [1, 1], 'True': [17, 9]}},
                                  'total': [18, 10],
                                  'valid_rate': 0.5555555555555556},
                        'target': 'aten::tan.out'}},
 'repro': {'op': 'aten::tan.out',
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
torch.ops.aten.tan.out(self, out=out_)


EXPECTED = """internal assert: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171
"""
