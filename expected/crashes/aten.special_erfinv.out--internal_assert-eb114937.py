# opprop crash repro: aten::special_erfinv.out fails an internal assert in aten::erfinv.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.special_erfinv.out--internal_assert-eb114937.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::special_erfinv.out fails an internal assert in aten::erfinv.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.

Public entry point: `torch.special.erfinv(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::special_erfinv.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
             'op': 'aten::erfinv.out'},
 'outcome_text': 'fails an internal assert in aten::erfinv.out: result.is_sparse_csr() INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.special.erfinv(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::special_erfinv.out',
             'called_op': 'aten::special_erfinv.out',
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
                        'database_key': 'opprop-fuzz:aten::special_erfinv.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [6, 6],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float16': [5, 5],
                                                        'torch.float32': [75, 67],
                                                        'torch.float64': [23, 17],
                                                        'torch.int32': [2, 0],
                                                        'torch.int64': [1, 0],
                                                        'torch.int8': [1, 0]},
                                              'ndim': {'1': [11, 11], '2': [34, 28], '4': [1, 1]},
                                              'out.dtype': {'floating': [20, 19],
                                                            'same': [70, 61],
                                                            'torch.bool': [5, 0],
                                                            'torch.int64': [3, 0]},
                                              'out.out_kind': {'channels_last': [7, 7],
                                                               'empty': [35, 29],
                                                               'sized': [1, 1],
                                                               'transposed': [1, 1]},
                                              'out.relation': {'fresh': [35, 29],
                                                               'same': [8, 8],
                                                               'view': [3, 3]},
                                              'self.kind': {'conj': [1, 1],
                                                            'dense': [14, 14],
                                                            'is_view': [4, 4],
                                                            'quantized_per_channel': [1, 0],
                                                            'quantized_per_tensor': [1, 0],
                                                            'sparse_bsc': [15, 15],
                                                            'sparse_coo': [1, 0],
                                                            'sparse_coo_uncoalesced': [3, 0],
                                                            'sparse_csc': [1, 1],
                                                            'sparse_csr': [2, 2],
                                                            'transposed': [3, 3]},
                                              'self.mode': {'plain': [15, 15],
                                                            'transposed': [2, 2],
                                                            'visible': [1, 1],
                                                            'zero_size': [3, 3]},
                                              'self.qdtype': {'torch.quint8': [2, 0]},
                                              'self.zero_point': {'None': [2, 0]},
                                              'square': {'False': [2, 2], 'True': [44, 38]}},
                                  'total': [46, 40],
                                  'valid_rate': 0.8695652173913043},
                        'target': 'aten::special_erfinv.out'}},
 'repro': {'op': 'aten::special_erfinv.out',
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
torch.ops.aten.special_erfinv.out(self, out=out_)


EXPECTED = """internal assert: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171
"""
