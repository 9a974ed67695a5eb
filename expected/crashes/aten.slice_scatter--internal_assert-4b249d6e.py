# opprop crash repro: aten::slice_scatter fails an internal assert in aten::slice_scatter: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.slice_scatter--internal_assert-4b249d6e.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::slice_scatter fails an internal assert in aten::slice_scatter: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668 on torch 2.13.0+cpu.

Public entry point: `torch.slice_scatter(self, src)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::slice_scatter',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.has_storage() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668',
             'op': 'aten::slice_scatter'},
 'outcome_text': 'fails an internal assert in aten::slice_scatter: self.has_storage() INTERNAL ASSERT FAILED '
                 'at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.slice_scatter(self, src)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::slice_scatter',
             'called_op': 'aten::slice_scatter',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.has_storage() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': 4,
                        'end': 4,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csc',
                                 'nnz': 12,
                                 'shape': [3, 4],
                                 'tensor': True},
                        'src': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'sparse_csc',
                                'nnz': 12,
                                'shape': [3, 4],
                                'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 38,
                        'crossing_seed': 0,
                        'target': 'aten::slice_scatter'}},
 'repro': {'op': 'aten::slice_scatter',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'layout': 'sparse_csc',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [5],
                                                      'fill': 'values',
                                                      'values': [0, 3, 6, 9, 12]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [12],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]}},
                                          {'tensor': {'dtype': 'float32', 'shape': [12], 'fill': 'zeros'}}]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'layout': 'sparse_csc',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [5],
                                                      'fill': 'values',
                                                      'values': [0, 3, 6, 9, 12]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [12],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [12],
                                                      'fill': 'zeros'}}]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 3, 6, 9, 12], dtype=torch.int64), torch.tensor([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2], dtype=torch.int64), torch.zeros(12, dtype=torch.float32), (3, 4), layout=torch.sparse_csc)
src = torch.sparse_compressed_tensor(torch.tensor([0, 3, 6, 9, 12], dtype=torch.int64), torch.tensor([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2], dtype=torch.int64), torch.zeros(12, dtype=torch.float32), (3, 4), layout=torch.sparse_csc)
torch.ops.aten.slice_scatter.default(self, src)


EXPECTED = """internal assert: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668
"""
