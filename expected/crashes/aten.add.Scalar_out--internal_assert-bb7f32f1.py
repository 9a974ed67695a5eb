# opprop crash repro: aten::add.Scalar_out fails an internal assert in aten::add.Scalar_out: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.add.Scalar_out--internal_assert-bb7f32f1.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::add.Scalar_out fails an internal assert in aten::add.Scalar_out: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::add.Scalar_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
             'op': 'aten::add.Scalar_out'},
 'outcome_text': 'fails an internal assert in aten::add.Scalar_out: src.layout() == kSparseCsr || '
                 'src.layout() == kSparseCsc INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::add.Scalar_out',
             'called_op': 'aten::add.Scalar_out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT '
                                 'FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'alpha': 2,
                        'other': 3,
                        'out': {'device': 'cpu',
                                'dtype': 'float64',
                                'layout': 'sparse_bsr',
                                'nnz': 1,
                                'shape': [1, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'sparse_bsr',
                                 'nnz': 1,
                                 'shape': [1, 1],
                                 'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 10,
                        'crossing_seed': 0,
                        'target': 'aten::add.Scalar_out'}},
 'repro': {'op': 'aten::add.Scalar_out',
           'args': [{'tensor': {'dtype': 'float64',
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
                                          {'tensor': {'dtype': 'float64',
                                                      'shape': [1, 1, 1],
                                                      'fill': 'zeros'}}]}},
                    0],
           'kwargs': {'out': {'tensor': {'dtype': 'float64',
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
                                                   {'tensor': {'dtype': 'float64',
                                                               'shape': [1, 1, 1],
                                                               'fill': 'zeros'}}]}}}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, 1, 1, dtype=torch.float64), (1, 1), layout=torch.sparse_bsr)
out_ = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, 1, 1, dtype=torch.float64), (1, 1), layout=torch.sparse_bsr)
torch.ops.aten.add.Scalar_out(self, 0, out=out_)


EXPECTED = """internal assert: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835
"""
