# opprop crash repro: aten::square.out fails an internal assert in aten::square.out: r.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.square.out--internal_assert-8f0e127c.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::square.out fails an internal assert in aten::square.out: r.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::square.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'r.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168',
             'op': 'aten::square.out'},
 'outcome_text': 'fails an internal assert in aten::square.out: r.is_sparse() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::square.out',
             'called_op': 'aten::square.out',
             'detail': {'error': 'r.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'shape': [2, 3, 4, 5],
                                'storage_offset': 0,
                                'stride': [60, 1, 15, 3],
                                'tensor': True},
                        'self': {'coalesced': True,
                                 'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'sparse_coo',
                                 'nnz': 120,
                                 'shape': [2, 3, 4, 5],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 38,
                        'crossing_seed': 500,
                        'target': 'aten::square.out'}},
 'repro': {'op': 'aten::square.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [2],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [1, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [0],
                                                      'fill': 'values',
                                                      'values': []}}],
                                'coalesced': True}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [2],
                                         'fill': 'values',
                                         'values': [0.0, 0.0]}}}}}

# ---- the repro ----
import torch

self = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(1, 0), torch.tensor([], dtype=torch.float32), (2,), is_coalesced=True)
out_ = torch.tensor([0.0, 0.0], dtype=torch.float32)
torch.ops.aten.square.out(self, out=out_)


EXPECTED = """internal assert: r.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168
"""
