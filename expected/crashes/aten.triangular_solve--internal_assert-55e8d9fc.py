# opprop crash repro: aten::triangular_solve fails an internal assert in aten::triangular_solve: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":576 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.triangular_solve--internal_assert-55e8d9fc.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::triangular_solve fails an internal assert in aten::triangular_solve: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":576 on torch 2.13.0+cpu.

Public entry point: `torch.triangular_solve(self, A)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::triangular_solve',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":576',
             'op': 'aten::triangular_solve'},
 'outcome_text': 'fails an internal assert in aten::triangular_solve: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":576',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.triangular_solve(self, A)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::triangular_solve',
             'called_op': 'aten::triangular_solve',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":576, '
                                 'please report a bug to PyTorch. triangular_solve: Got an unexpected '
                                 'layout.',
                        'private': False},
             'inputs': {'A': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'sparse_bsc',
                              'nnz': 1,
                              'shape': [1, 1],
                              'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_bsc',
                                 'nnz': 1,
                                 'shape': [1, 1],
                                 'tensor': True},
                        'upper': False},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 43,
                        'crossing_seed': 500,
                        'target': 'aten::triangular_solve'}},
 'repro': {'op': 'aten::triangular_solve',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_bsc',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0, 1]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [1, 1, 1],
                                                      'fill': 'zeros'}}]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_bsc',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0, 1]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [1, 1, 1],
                                                      'fill': 'zeros'}}]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, 1, 1, dtype=torch.float32), (1, 1), layout=torch.sparse_bsc)
A = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, 1, 1, dtype=torch.float32), (1, 1), layout=torch.sparse_bsc)
torch.ops.aten.triangular_solve.default(self, A)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":576
"""
