# opprop crash repro: aten::diagonal_scatter fails an internal assert in aten::diagonal_scatter: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.diagonal_scatter--internal_assert-4b249d6e.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::diagonal_scatter fails an internal assert in aten::diagonal_scatter: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668 on torch 2.13.0+cpu.

Public entry point: `torch.diagonal_scatter(self, src)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::diagonal_scatter',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.has_storage() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668',
             'op': 'aten::diagonal_scatter'},
 'outcome_text': 'fails an internal assert in aten::diagonal_scatter: self.has_storage() INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.diagonal_scatter(self, src)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::diagonal_scatter',
             'called_op': 'aten::diagonal_scatter',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.has_storage() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim2': 4,
                        'offset': 4,
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'sparse_bsc',
                                 'nnz': 12,
                                 'shape': [3, 4],
                                 'tensor': True},
                        'src': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'shape': [0, 3],
                                'storage_offset': 0,
                                'stride': [3, 1],
                                'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 38,
                        'crossing_seed': 0,
                        'target': 'aten::diagonal_scatter'}},
 'repro': {'op': 'aten::diagonal_scatter',
           'args': [{'tensor': {'dtype': 'float64',
                                'shape': [3, 4],
                                'fill': 'values',
                                'layout': 'sparse_bsc',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [5],
                                                      'fill': 'values',
                                                      'values': [0, 3, 6, 9, 12]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [12],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]}},
                                          {'tensor': {'dtype': 'float64',
                                                      'shape': [12, 1, 1],
                                                      'fill': 'zeros'}}]}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 3, 6, 9, 12], dtype=torch.int64), torch.tensor([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2], dtype=torch.int64), torch.zeros(12, 1, 1, dtype=torch.float64), (3, 4), layout=torch.sparse_bsc)
src = torch.zeros((), dtype=torch.float32)
torch.ops.aten.diagonal_scatter.default(self, src)


EXPECTED = """internal assert: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668
"""
