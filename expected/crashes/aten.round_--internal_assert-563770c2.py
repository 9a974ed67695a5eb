# opprop crash repro: aten::round_ fails an internal assert in aten::round_: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":489 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.round_--internal_assert-563770c2.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::round_ fails an internal assert in aten::round_: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":489 on torch 2.13.0+cpu.

Public entry point: `torch.round_(self)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::round_',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":489',
             'op': 'aten::round_'},
 'outcome_text': 'fails an internal assert in aten::round_: self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":489',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.round_(self)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::round_',
             'called_op': 'aten::round_',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":489, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csc',
                                 'nnz': 1,
                                 'shape': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '41000041004100410141004107',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::round_',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [5, 5],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float32': [46, 34],
                                                        'torch.float64': [10, 10],
                                                        'torch.int32': [7, 7],
                                                        'torch.int64': [11, 11],
                                                        'torch.uint8': [14, 14]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::round_'}},
 'repro': {'op': 'aten::round_',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_csc',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0, 1]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0]}},
                                          {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}}]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, dtype=torch.float32), (1, 1), layout=torch.sparse_csc)
torch.ops.aten.round_.default(self)


EXPECTED = """internal assert: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":489
"""
