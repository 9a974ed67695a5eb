# opprop crash repro: aten::true_divide.out fails an internal assert in aten::div.out: t.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.true_divide.out--internal_assert-4fa3f5c7.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::true_divide.out fails an internal assert in aten::div.out: t.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230 on torch 2.13.0+cpu.

Public entry point: `torch.true_divide(self, other, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::true_divide.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 't.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230',
             'op': 'aten::div.out'},
 'outcome_text': 'fails an internal assert in aten::div.out: t.is_sparse() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.true_divide(self, other, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::true_divide.out',
             'called_op': 'aten::true_divide.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 't.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'other': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [],
                                  'storage_offset': 1,
                                  'stride': [],
                                  'tensor': True},
                        'out': {'coalesced': True,
                                'device': 'cpu',
                                'dtype': 'float64',
                                'layout': 'sparse_coo',
                                'nnz': 0,
                                'shape': [0, 3],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [],
                                 'storage_offset': 1,
                                 'stride': [],
                                 'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 36,
                        'crossing_seed': 0,
                        'target': 'aten::true_divide.out'}},
 'repro': {'op': 'aten::true_divide.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [],
                                         'fill': 'values',
                                         'layout': 'sparse_coo',
                                         'parts': [{'tensor': {'dtype': 'int64',
                                                               'shape': [0, 0],
                                                               'fill': 'values',
                                                               'values': []}},
                                                   {'tensor': {'dtype': 'float32',
                                                               'shape': [0],
                                                               'fill': 'zeros'}}],
                                         'coalesced': True}}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
other = torch.zeros((), dtype=torch.float32)
out_ = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(0, 0), torch.zeros(0, dtype=torch.float32), (), is_coalesced=True)
torch.ops.aten.true_divide.out(self, other, out=out_)


EXPECTED = """internal assert: t.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230
"""
