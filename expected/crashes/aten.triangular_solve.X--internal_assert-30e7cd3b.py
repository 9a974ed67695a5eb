# opprop crash repro: aten::triangular_solve.X fails an internal assert in aten::triangular_solve.X: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.triangular_solve.X--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::triangular_solve.X fails an internal assert in aten::triangular_solve.X: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::triangular_solve.X',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::triangular_solve.X'},
 'outcome_text': 'fails an internal assert in aten::triangular_solve.X: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::triangular_solve.X',
             'called_op': 'aten::triangular_solve.X',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'A': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'sparse_bsr',
                              'nnz': 0,
                              'shape': [0, 3],
                              'tensor': True},
                        'M': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'math_bit': 'neg',
                              'shape': [3, 4],
                              'storage_offset': 0,
                              'stride': [4, 1],
                              'tensor': True},
                        'X': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'sparse_bsr',
                              'nnz': 0,
                              'shape': [0, 3],
                              'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_bsr',
                                 'nnz': 0,
                                 'shape': [0, 3],
                                 'tensor': True},
                        'transpose': False,
                        'unitriangular': False,
                        'upper': False},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 202,
                        'crossing_seed': 500,
                        'target': 'aten::triangular_solve.X'}},
 'repro': {'op': 'aten::triangular_solve.X',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [2, 1], 'fill': 'ones'}},
                    {'tensor': {'dtype': 'float32', 'shape': [2, 2], 'fill': 'ones'}},
                    False,
                    False,
                    False],
           'kwargs': {'X': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'ones'}},
                      'M': {'tensor': {'dtype': 'float32',
                                       'shape': [0],
                                       'fill': 'values',
                                       'layout': 'neg',
                                       'parts': [{'tensor': {'dtype': 'float32',
                                                             'shape': [0],
                                                             'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.ones(2, 1, dtype=torch.float32)
A = torch.ones(2, 2, dtype=torch.float32)
X = torch.ones(0, dtype=torch.float32)
M = torch._neg_view(torch.ones(0, dtype=torch.float32))
torch.ops.aten.triangular_solve.X(self, A, False, False, False, X=X, M=M)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
