# opprop crash repro: aten::absolute.out fails an internal assert in aten::abs.out: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.absolute.out--internal_assert-7ccad82f.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::absolute.out fails an internal assert in aten::abs.out: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170 on torch 2.13.0+cpu.

Public entry point: `torch.absolute(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::absolute.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170',
             'op': 'aten::abs.out'},
 'outcome_text': 'fails an internal assert in aten::abs.out: self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.absolute(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::absolute.out',
             'called_op': 'aten::absolute.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'sparse_csc',
                                'nnz': 0,
                                'shape': [0, 3],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csc',
                                 'nnz': 0,
                                 'shape': [0, 3],
                                 'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 33,
                        'crossing_seed': 0,
                        'target': 'aten::absolute.out'}},
 'repro': {'op': 'aten::absolute.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'sparse_csc',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [4],
                                                      'fill': 'values',
                                                      'values': [0, 0, 0, 0]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [0, 3],
                                         'fill': 'values',
                                         'layout': 'sparse_csc',
                                         'parts': [{'tensor': {'dtype': 'int64',
                                                               'shape': [4],
                                                               'fill': 'values',
                                                               'values': [0, 0, 0, 0]}},
                                                   {'tensor': {'dtype': 'int64',
                                                               'shape': [0],
                                                               'fill': 'values',
                                                               'values': []}},
                                                   {'tensor': {'dtype': 'float32',
                                                               'shape': [0],
                                                               'fill': 'zeros'}}]}}}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 0, 0, 0], dtype=torch.int64), torch.tensor([], dtype=torch.int64), torch.zeros(0, dtype=torch.float32), (0, 3), layout=torch.sparse_csc)
out_ = torch.sparse_compressed_tensor(torch.tensor([0, 0, 0, 0], dtype=torch.int64), torch.tensor([], dtype=torch.int64), torch.zeros(0, dtype=torch.float32), (0, 3), layout=torch.sparse_csc)
torch.ops.aten.absolute.out(self, out=out_)


EXPECTED = """internal assert: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170
"""
