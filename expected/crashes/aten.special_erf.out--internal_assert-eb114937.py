# opprop crash repro: aten::special_erf.out fails an internal assert in aten::erf.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.special_erf.out--internal_assert-eb114937.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::special_erf.out fails an internal assert in aten::erf.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.

Public entry point: `torch.special.erf(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::special_erf.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
             'op': 'aten::erf.out'},
 'outcome_text': 'fails an internal assert in aten::erf.out: result.is_sparse_csr() INTERNAL ASSERT FAILED '
                 'at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.special.erf(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::special_erf.out',
             'called_op': 'aten::special_erf.out',
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
             'replay': {'choices': '410000410041004101410041084100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::special_erf.out',
                        'steer': {'choices': {'dtype': {'torch.float32': [32, 26], 'torch.float64': [3, 2]},
                                              'ndim': {'1': [10, 10], '2': [25, 18]},
                                              'out.dtype': {'floating': [3, 2],
                                                            'same': [27, 22],
                                                            'torch.int64': [1, 0]},
                                              'out.out_kind': {'channels_last': [1, 0], 'empty': [30, 24]},
                                              'out.relation': {'fresh': [27, 21], 'view': [8, 7]},
                                              'self.kind': {'dense': [12, 12],
                                                            'is_view': [2, 2],
                                                            'nested_strided': [1, 0],
                                                            'quantized_per_channel': [1, 0],
                                                            'quantized_per_tensor': [2, 0],
                                                            'sparse_bsc': [10, 10],
                                                            'sparse_coo': [1, 0],
                                                            'sparse_coo_uncoalesced': [2, 0],
                                                            'sparse_csc': [1, 1],
                                                            'sparse_csr': [2, 2],
                                                            'transposed': [1, 1]},
                                              'self.mode': {'offset': [1, 1],
                                                            'plain': [13, 13],
                                                            'zero_size': [1, 1]},
                                              'self.qdtype': {'torch.quint8': [3, 0]},
                                              'self.zero_point': {'0': [1, 0], 'None': [2, 0]},
                                              'square': {'False': [10, 10], 'True': [25, 18]},
                                              'tensors.mode': {'offset': [1, 1], 'plain': [1, 1]}},
                                  'total': [35, 28],
                                  'valid_rate': 0.8},
                        'target': 'aten::special_erf.out'}},
 'repro': {'op': 'aten::special_erf.out',
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
torch.ops.aten.special_erf.out(self, out=out_)


EXPECTED = """internal assert: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171
"""
