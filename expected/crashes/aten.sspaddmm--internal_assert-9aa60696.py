# opprop crash repro: aten::sspaddmm fails an internal assert in aten::sspaddmm: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.sspaddmm--internal_assert-9aa60696.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::sspaddmm fails an internal assert in aten::sspaddmm: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::sspaddmm',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
             'op': 'aten::sspaddmm'},
 'outcome_text': 'fails an internal assert in aten::sspaddmm: self.is_sparse() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::sspaddmm',
             'called_op': 'aten::sspaddmm',
             'detail': {'error': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28, please '
                                 'report a bug to PyTorch. _internal_get_SparseTensorImpl: not a sparse '
                                 'tensor',
                        'private': False},
             'inputs': {'beta': 2,
                        'mat1': {'coalesced': True,
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_coo',
                                 'nnz': 0,
                                 'shape': [0, 3],
                                 'tensor': True},
                        'mat2': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [0, 1],
                                 'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [0, 1],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 61,
                        'crossing_seed': 500,
                        'target': 'aten::sspaddmm'}},
 'repro': {'op': 'aten::sspaddmm',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'values', 'values': [0.0]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [0],
                                                      'fill': 'values',
                                                      'values': []}}],
                                'coalesced': True}},
                    {'tensor': {'dtype': 'float32', 'shape': [0, 0], 'fill': 'values', 'values': []}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.tensor([0.0], dtype=torch.float32).reshape(())
mat1 = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.tensor([], dtype=torch.float32), (0, 3), is_coalesced=True)
mat2 = torch.tensor([], dtype=torch.float32).reshape(0, 0)
torch.ops.aten.sspaddmm.default(self, mat1, mat2)


EXPECTED = """internal assert: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28
"""
