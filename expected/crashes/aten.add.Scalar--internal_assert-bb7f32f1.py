# opprop crash repro: aten::add.Scalar fails an internal assert in aten::add.Scalar: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.add.Scalar--internal_assert-bb7f32f1.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::add.Scalar fails an internal assert in aten::add.Scalar: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::add.Scalar',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
             'op': 'aten::add.Scalar'},
 'outcome_text': 'fails an internal assert in aten::add.Scalar: src.layout() == kSparseCsr || src.layout() '
                 '== kSparseCsc INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::add.Scalar',
             'called_op': 'aten::add.Scalar',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT '
                                 'FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'alpha': 0,
                        'other': 0.5,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_bsc',
                                 'nnz': 0,
                                 'shape': [0, 3],
                                 'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 1,
                        'crossing_seed': 0,
                        'target': 'aten::add.Scalar'}},
 'repro': {'op': 'aten::add.Scalar',
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
                    0.0],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 0, 0, 0], dtype=torch.int64), torch.tensor([], dtype=torch.int64), torch.zeros(0, 1, 1, dtype=torch.float32), (0, 3), layout=torch.sparse_bsc)
torch.ops.aten.add.Scalar(self, 0.0)


EXPECTED = """internal assert: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835
"""
