# opprop crash repro: aten::inner.out fails an internal assert in aten::inner.out: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.inner.out--internal_assert-9aa60696.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::inner.out fails an internal assert in aten::inner.out: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::inner.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
             'op': 'aten::inner.out'},
 'outcome_text': 'fails an internal assert in aten::inner.out: self.is_sparse() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::inner.out',
             'called_op': 'aten::inner.out',
             'detail': {'error': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28, please '
                                 'report a bug to PyTorch. _internal_get_SparseTensorImpl: not a sparse '
                                 'tensor',
                        'private': False},
             'inputs': {'other': {'device': 'cpu',
                                  'dtype': 'int8',
                                  'layout': 'strided',
                                  'shape': [],
                                  'storage_offset': 1,
                                  'stride': [],
                                  'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'uint8',
                                'layout': 'strided',
                                'shape': [4, 3],
                                'storage_offset': 0,
                                'stride': [0, 1],
                                'tensor': True},
                        'self': {'coalesced': True,
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_coo',
                                 'nnz': 1,
                                 'shape': [],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 106,
                        'crossing_seed': 500,
                        'target': 'aten::inner.out'}},
 'repro': {'op': 'aten::inner.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [0, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [0],
                                                      'fill': 'values',
                                                      'values': []}}],
                                'coalesced': True}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'values', 'values': [0.0]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [],
                                         'fill': 'values',
                                         'values': [0.0]}}}}}

# ---- the repro ----
import torch

self = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(0, 0), torch.tensor([], dtype=torch.float32), (), is_coalesced=True)
other = torch.tensor([0.0], dtype=torch.float32).reshape(())
out_ = torch.tensor([0.0], dtype=torch.float32).reshape(())
torch.ops.aten.inner.out(self, other, out=out_)


EXPECTED = """internal assert: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28
"""
