# opprop crash repro: aten::subtract.out fails an internal assert in aten::sub.out: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.subtract.out--internal_assert-9aa60696.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::subtract.out fails an internal assert in aten::sub.out: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.

Public entry point: `torch.subtract(self, other, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::subtract.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
             'op': 'aten::sub.out'},
 'outcome_text': 'fails an internal assert in aten::sub.out: self.is_sparse() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.subtract(self, other, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::subtract.out',
             'called_op': 'aten::subtract.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28, please '
                                 'report a bug to PyTorch. _internal_get_SparseTensorImpl: not a sparse '
                                 'tensor',
                        'private': False},
             'inputs': {'alpha': '(1+2j)',
                        'other': {'coalesced': True,
                                  'device': 'cpu',
                                  'dtype': 'int64',
                                  'layout': 'sparse_coo',
                                  'nnz': 0,
                                  'shape': [0, 3],
                                  'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [4, 3],
                                'storage_offset': 0,
                                'stride': [0, 1],
                                'tensor': True},
                        'self': {'coalesced': True,
                                 'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'sparse_coo',
                                 'nnz': 0,
                                 'shape': [0, 3],
                                 'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 36,
                        'crossing_seed': 0,
                        'target': 'aten::subtract.out'}},
 'repro': {'op': 'aten::subtract.out',
           'args': [{'tensor': {'dtype': 'int64',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'int64', 'shape': [0], 'fill': 'zeros'}}],
                                'coalesced': True}},
                    {'tensor': {'dtype': 'int64',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'int64', 'shape': [0], 'fill': 'zeros'}}],
                                'coalesced': True}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.zeros(0, dtype=torch.int64), (0, 3), is_coalesced=True)
other = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.zeros(0, dtype=torch.int64), (0, 3), is_coalesced=True)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.subtract.out(self, other, out=out_)


EXPECTED = """internal assert: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28
"""
