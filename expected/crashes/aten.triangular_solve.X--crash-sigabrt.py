# opprop crash repro: aten::triangular_solve.X dies with SIGABRT (abort) in aten::triangular_solve.X on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.triangular_solve.X--crash-sigabrt.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::triangular_solve.X dies with SIGABRT (abort) in aten::triangular_solve.X on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::triangular_solve.X',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGABRT', 'op': 'aten::triangular_solve.X'},
 'outcome_text': 'dies with SIGABRT (abort) in aten::triangular_solve.X',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::triangular_solve.X',
             'called_op': 'aten::triangular_solve.X',
             'detail': {'example': 339, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'A': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'sparse_csr',
                              'nnz': 5,
                              'shape': [1, 5],
                              'tensor': True},
                        'M': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'sparse_bsr',
                              'nnz': 12,
                              'shape': [3, 4],
                              'tensor': True},
                        'X': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'sparse_bsr',
                              'nnz': 12,
                              'shape': [3, 4],
                              'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_bsr',
                                 'nnz': 12,
                                 'shape': [3, 4],
                                 'tensor': True},
                        'transpose': False,
                        'unitriangular': True,
                        'upper': False},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::triangular_solve.X: self={'tensor': True, 'dtype': 'float32', "
                                "'shape': [3, 4], 'device': 'cpu', 'layout': 'sparse_bsr', 'nnz': 12}, "
                                "A={'tensor': True, 'dtype': 'float32', 'shape': [1, 5], 'device': 'cpu', "
                                "'layout': 'sparse_csr', 'nnz': 5}, upper=False, transpose=False, "
                                "unitriangular=True, X={'tensor': True, 'dtype': 'float32', 'shape': [3, 4], "
                                "'device': 'cpu', 'layout': 'sparse_bsr', 'nnz': 12}, M={'tensor': True, "
                                "'dtype': 'float32', 'shape': [3, 4], 'device': 'cpu', 'layout': "
                                "'sparse_bsr', 'nnz': 12})",
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 338,
                        'crossing_seed': 500,
                        'database_key': 'opprop-fuzz:aten::triangular_solve.X',
                        'target': 'aten::triangular_solve.X'}},
 'repro': {'op': 'aten::triangular_solve.X',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'layout': 'sparse_bsr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [4],
                                                      'fill': 'values',
                                                      'values': [0, 4, 8, 12]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [12],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [12, 1, 1],
                                                      'fill': 'zeros'}}]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [1, 5],
                                'fill': 'values',
                                'layout': 'sparse_csr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0, 5]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [5],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 3, 4]}},
                                          {'tensor': {'dtype': 'float32', 'shape': [5], 'fill': 'zeros'}}]}},
                    False,
                    False,
                    True],
           'kwargs': {'X': {'tensor': {'dtype': 'float32',
                                       'shape': [3, 4],
                                       'fill': 'values',
                                       'layout': 'sparse_bsr',
                                       'parts': [{'tensor': {'dtype': 'int64',
                                                             'shape': [4],
                                                             'fill': 'values',
                                                             'values': [0, 4, 8, 12]}},
                                                 {'tensor': {'dtype': 'int64',
                                                             'shape': [12],
                                                             'fill': 'values',
                                                             'values': [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]}},
                                                 {'tensor': {'dtype': 'float32',
                                                             'shape': [12, 1, 1],
                                                             'fill': 'zeros'}}]}},
                      'M': {'tensor': {'dtype': 'float32',
                                       'shape': [3, 4],
                                       'fill': 'values',
                                       'layout': 'sparse_bsr',
                                       'parts': [{'tensor': {'dtype': 'int64',
                                                             'shape': [4],
                                                             'fill': 'values',
                                                             'values': [0, 4, 8, 12]}},
                                                 {'tensor': {'dtype': 'int64',
                                                             'shape': [12],
                                                             'fill': 'values',
                                                             'values': [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]}},
                                                 {'tensor': {'dtype': 'float32',
                                                             'shape': [12, 1, 1],
                                                             'fill': 'zeros'}}]}}}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 4, 8, 12], dtype=torch.int64), torch.tensor([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3], dtype=torch.int64), torch.zeros(12, 1, 1, dtype=torch.float32), (3, 4), layout=torch.sparse_bsr)
A = torch.sparse_compressed_tensor(torch.tensor([0, 5], dtype=torch.int64), torch.tensor([0, 1, 2, 3, 4], dtype=torch.int64), torch.zeros(5, dtype=torch.float32), (1, 5), layout=torch.sparse_csr)
X = torch.sparse_compressed_tensor(torch.tensor([0, 4, 8, 12], dtype=torch.int64), torch.tensor([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3], dtype=torch.int64), torch.zeros(12, 1, 1, dtype=torch.float32), (3, 4), layout=torch.sparse_bsr)
M = torch.sparse_compressed_tensor(torch.tensor([0, 4, 8, 12], dtype=torch.int64), torch.tensor([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3], dtype=torch.int64), torch.zeros(12, 1, 1, dtype=torch.float32), (3, 4), layout=torch.sparse_bsr)
torch.ops.aten.triangular_solve.X(self, A, False, False, True, X=X, M=M)


EXPECTED = """dies with SIGABRT
"""
