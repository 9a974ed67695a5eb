# opprop crash repro: aten::isneginf.out fails an internal assert in aten::isneginf.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.isneginf.out--internal_assert-eb114937.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::isneginf.out fails an internal assert in aten::isneginf.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.

Public entry point: `torch.isneginf(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::isneginf.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
             'op': 'aten::isneginf.out'},
 'outcome_text': 'fails an internal assert in aten::isneginf.out: result.is_sparse_csr() INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.isneginf(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::isneginf.out',
             'called_op': 'aten::isneginf.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'sparse_csr',
                                 'nnz': 0,
                                 'shape': [0, 0],
                                 'tensor': True}},
             'replay': {'choices': '41014100004100410041004100410041004100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::isneginf.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [7, 7],
                                                        'torch.bool': [1, 1],
                                                        'torch.complex64': [9, 8],
                                                        'torch.float16': [1, 0],
                                                        'torch.float32': [33, 8],
                                                        'torch.float64': [17, 8],
                                                        'torch.uint8': [1, 0]},
                                              'out.dtype': {'floating': [5, 0],
                                                            'same': [21, 6],
                                                            'torch.bool': [22, 21],
                                                            'torch.int64': [4, 4]},
                                              'out.relation': {'fresh': [16, 2],
                                                               'same': [37, 18],
                                                               'view': [16, 12]},
                                              'self.kind': {'dense': [8, 0],
                                                            'has_live_view': [10, 1],
                                                            'is_view': [5, 0],
                                                            'sparse_coo': [5, 0],
                                                            'sparse_coo_uncoalesced': [5, 0],
                                                            'sparse_csc': [11, 11],
                                                            'sparse_csr': [20, 20],
                                                            'transposed': [5, 0]},
                                              'self.mode': {'extreme': [1, 0],
                                                            'plain': [5, 1],
                                                            'visible': [1, 0],
                                                            'zero_dim': [1, 0],
                                                            'zero_size': [3, 0]},
                                              'square': {'False': [38, 26], 'True': [31, 6]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::isneginf.out'}},
 'repro': {'op': 'aten::isneginf.out',
           'args': [{'tensor': {'dtype': 'float64',
                                'shape': [0, 0],
                                'fill': 'values',
                                'layout': 'sparse_csr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float64', 'shape': [0], 'fill': 'zeros'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0], dtype=torch.int64), torch.tensor([], dtype=torch.int64), torch.zeros(0, dtype=torch.float64), (0, 0), layout=torch.sparse_csr)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.isneginf.out(self, out=out_)


EXPECTED = """internal assert: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171
"""
