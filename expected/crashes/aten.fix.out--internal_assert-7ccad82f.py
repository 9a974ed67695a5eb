# opprop crash repro: aten::fix.out fails an internal assert in aten::trunc.out: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fix.out--internal_assert-7ccad82f.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fix.out fails an internal assert in aten::trunc.out: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170 on torch 2.13.0+cpu.

Public entry point: `torch.fix(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fix.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170',
             'op': 'aten::trunc.out'},
 'outcome_text': 'fails an internal assert in aten::trunc.out: self.is_sparse_csr() INTERNAL ASSERT FAILED '
                 'at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.fix(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::fix.out',
             'called_op': 'aten::fix.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'sparse_bsr',
                                'nnz': 1,
                                'shape': [1, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 22,
                        'crossing_seed': 0,
                        'target': 'aten::fix.out'}},
 'repro': {'op': 'aten::fix.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'int64',
                                         'shape': [1, 1],
                                         'fill': 'values',
                                         'layout': 'sparse_bsr',
                                         'parts': [{'tensor': {'dtype': 'int64',
                                                               'shape': [2],
                                                               'fill': 'values',
                                                               'values': [0, 1]}},
                                                   {'tensor': {'dtype': 'int64',
                                                               'shape': [1],
                                                               'fill': 'values',
                                                               'values': [0]}},
                                                   {'tensor': {'dtype': 'int64',
                                                               'shape': [1, 1, 1],
                                                               'fill': 'zeros'}}]}}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
out_ = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, 1, 1, dtype=torch.int64), (1, 1), layout=torch.sparse_bsr)
torch.ops.aten.fix.out(self, out=out_)


EXPECTED = """internal assert: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170
"""
