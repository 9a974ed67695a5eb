# opprop crash repro: aten::conj_physical.out fails an internal assert in aten::conj_physical.out: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.conj_physical.out--internal_assert-9aa60696.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::conj_physical.out fails an internal assert in aten::conj_physical.out: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28 on torch 2.13.0+cpu.

Public entry point: `torch.conj_physical(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::conj_physical.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
             'op': 'aten::conj_physical.out'},
 'outcome_text': 'fails an internal assert in aten::conj_physical.out: self.is_sparse() INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.conj_physical(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::conj_physical.out',
             'called_op': 'aten::conj_physical.out',
             'detail': {'error': 'self.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28, please '
                                 'report a bug to PyTorch. _internal_get_SparseTensorImpl: not a sparse '
                                 'tensor',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
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
             'replay': {'choices': '410141770141010141000041004105410341004102410c41044102',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::conj_physical.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::conj_physical.out'}},
 'repro': {'op': 'aten::conj_physical.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [0, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}],
                                'coalesced': True}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(0, 0), torch.zeros(0, dtype=torch.float32), (), is_coalesced=True)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.conj_physical.out(self, out=out_)


EXPECTED = """internal assert: self.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/SparseTensorUtils.h":28
"""
