# opprop crash repro: aten::sub.out fails an internal assert in aten::sub.out: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.sub.out--internal_assert-9aa60696.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::sub.out fails an internal assert in aten::sub.out: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.

Public entry point: `torch.sub(self, other, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::sub.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
             'op': 'aten::sub.out'},
 'outcome_text': 'fails an internal assert in aten::sub.out: self.is_sparse() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.sub(self, other, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::sub.out',
             'called_op': 'aten::sub.out',
             'detail': {'error': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28, please '
                                 'report a bug to PyTorch. _internal_get_SparseTensorImpl: not a sparse '
                                 'tensor',
                        'private': False},
             'inputs': {'alpha': 1,
                        'other': {'coalesced': False,
                                  'device': 'cpu',
                                  'dtype': 'int64',
                                  'layout': 'sparse_coo',
                                  'nnz': 16,
                                  'shape': [2, 4],
                                  'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [2, 4],
                                'storage_offset': 0,
                                'stride': [4, 1],
                                'tensor': True},
                        'self': {'coalesced': False,
                                 'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'sparse_coo',
                                 'nnz': 16,
                                 'shape': [2, 4],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': None},
 'repro': {'op': 'aten::sub.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 1],
                                                      'fill': 'values',
                                                      'values': [0, 0]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [1.5]}}],
                                'coalesced': True}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 1],
                                                      'fill': 'values',
                                                      'values': [0, 0]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [1.5]}}],
                                'coalesced': True}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_coo_tensor(torch.tensor([0, 0], dtype=torch.int64).reshape(2, 1), torch.tensor([1.5], dtype=torch.float32), (1, 1), is_coalesced=True)
other = torch.sparse_coo_tensor(torch.tensor([0, 0], dtype=torch.int64).reshape(2, 1), torch.tensor([1.5], dtype=torch.float32), (1, 1), is_coalesced=True)
out_ = torch.zeros(1, 1, dtype=torch.float32)
torch.ops.aten.sub.out(self, other, out=out_)


EXPECTED = """internal assert: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28
"""
