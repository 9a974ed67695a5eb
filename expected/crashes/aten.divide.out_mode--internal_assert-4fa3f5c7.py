# opprop crash repro: aten::divide.out_mode fails an internal assert in aten::divide.out_mode: t.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.divide.out_mode--internal_assert-4fa3f5c7.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::divide.out_mode fails an internal assert in aten::divide.out_mode: t.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::divide.out_mode',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 't.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230',
             'op': 'aten::divide.out_mode'},
 'outcome_text': 'fails an internal assert in aten::divide.out_mode: t.is_sparse() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::divide.out_mode',
             'called_op': 'aten::divide.out_mode',
             'detail': {'error': 't.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'other': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'math_bit': 'neg',
                                  'shape': [],
                                  'storage_offset': 0,
                                  'stride': [],
                                  'tensor': True},
                        'out': {'coalesced': True,
                                'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'sparse_coo',
                                'nnz': 12,
                                'shape': [3, 4],
                                'tensor': True},
                        'rounding_mode': 'floor',
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'math_bit': 'neg',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 270,
                        'crossing_seed': 500,
                        'target': 'aten::divide.out_mode'}},
 'repro': {'op': 'aten::divide.out_mode',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'values', 'values': [0.0]}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'values', 'values': [0.0]}}],
           'kwargs': {'rounding_mode': 'floor',
                      'out': {'tensor': {'dtype': 'float32',
                                         'shape': [3, 4],
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
                                         'coalesced': True}}}}}

# ---- the repro ----
import torch

self = torch.tensor([0.0], dtype=torch.float32).reshape(())
other = torch.tensor([0.0], dtype=torch.float32).reshape(())
out_ = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.tensor([], dtype=torch.float32), (3, 4), is_coalesced=True)
torch.ops.aten.divide.out_mode(self, other, rounding_mode='floor', out=out_)


EXPECTED = """internal assert: t.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":230
"""
