# opprop crash repro: aten::arctanh.out fails an internal assert in aten::atanh.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.arctanh.out--internal_assert-eb114937.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::arctanh.out fails an internal assert in aten::atanh.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.

Public entry point: `torch.arctanh(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::arctanh.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
             'op': 'aten::atanh.out'},
 'outcome_text': 'fails an internal assert in aten::atanh.out: result.is_sparse_csr() INTERNAL ASSERT FAILED '
                 'at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.arctanh(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::arctanh.out',
             'called_op': 'aten::arctanh.out',
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
             'replay': {'choices': '4100004100410041004101410041004100410441004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::arctanh.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [27, 26],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [27, 24],
                                                        'torch.float16': [14, 14],
                                                        'torch.float32': [206, 178],
                                                        'torch.float64': [31, 29],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [2, 0],
                                                        'torch.uint8': [2, 0]},
                                              'ndim': {'0': [5, 5], '1': [5, 0], '2': [51, 29]},
                                              'out.dtype': {'floating': [39, 34],
                                                            'same': [201, 176],
                                                            'torch.bool': [3, 0],
                                                            'torch.int64': [4, 0]},
                                              'out.out_kind': {'channels_last': [1, 1],
                                                               'empty': [53, 28],
                                                               'transposed': [1, 0]},
                                              'out.relation': {'fresh': [27, 15],
                                                               'same': [33, 18],
                                                               'view': [1, 1]},
                                              'self.kind': {'conj': [1, 1],
                                                            'dense': [11, 9],
                                                            'has_live_view': [1, 1],
                                                            'is_view': [3, 3],
                                                            'quantized_per_channel': [3, 0],
                                                            'quantized_per_tensor': [5, 0],
                                                            'sparse_coo': [6, 0],
                                                            'sparse_coo_uncoalesced': [11, 0],
                                                            'sparse_csc': [11, 11],
                                                            'sparse_csr': [6, 6],
                                                            'transposed': [3, 3]},
                                              'self.mode': {'expanded': [1, 0],
                                                            'plain': [9, 9],
                                                            'transposed': [1, 0],
                                                            'zero_size': [7, 7]},
                                              'self.qdtype': {'torch.quint2x4': [1, 0],
                                                              'torch.quint8': [7, 0]},
                                              'self.zero_point': {'0': [4, 0], 'None': [4, 0]},
                                              'square': {'False': [3, 3], 'True': [58, 31]}},
                                  'total': [61, 34],
                                  'valid_rate': 0.5573770491803278},
                        'target': 'aten::arctanh.out'}},
 'repro': {'op': 'aten::arctanh.out',
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
torch.ops.aten.arctanh.out(self, out=out_)


EXPECTED = """internal assert: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171
"""
