# opprop crash repro: prims::add fails an internal assert in prims::add: at::sparse_csr::is_sparse_compressed(other) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/SparseCsrTensorUtils.h":371 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python prims.add--internal_assert-6b9198e0.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""prims::add fails an internal assert in prims::add: at::sparse_csr::is_sparse_compressed(other) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/SparseCsrTensorUtils.h":371 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'prims::add',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'at::sparse_csr::is_sparse_compressed(other) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/SparseCsrTensorUtils.h":371',
             'op': 'prims::add'},
 'outcome_text': 'fails an internal assert in prims::add: at::sparse_csr::is_sparse_compressed(other) '
                 'INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/SparseCsrTensorUtils.h":371',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'prims::add',
             'called_op': 'prims::add',
             'detail': {'error': 'at::sparse_csr::is_sparse_compressed(other) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/SparseCsrTensorUtils.h":371, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'other': {'coalesced': True,
                                  'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'sparse_coo',
                                  'nnz': 0,
                                  'shape': [0, 3],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_bsc',
                                 'nnz': 0,
                                 'shape': [0, 3],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 17,
                        'crossing_seed': 0,
                        'target': 'prims::add'}},
 'repro': {'op': 'prims::add',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'sparse_bsc',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [4],
                                                      'fill': 'values',
                                                      'values': [0, 0, 0, 0]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [0, 1, 1],
                                                      'fill': 'zeros'}}]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}],
                                'coalesced': True}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 0, 0, 0], dtype=torch.int64), torch.tensor([], dtype=torch.int64), torch.zeros(0, 1, 1, dtype=torch.float32), (0, 3), layout=torch.sparse_bsc)
other = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.zeros(0, dtype=torch.float32), (0, 3), is_coalesced=True)
torch.ops.prims.add.default(self, other)


EXPECTED = """internal assert: at::sparse_csr::is_sparse_compressed(other) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/SparseCsrTensorUtils.h":371
"""
