# opprop crash repro: aten::erfinv.out fails an internal assert in aten::erfinv.out: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.erfinv.out--internal_assert-7ccad82f.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::erfinv.out fails an internal assert in aten::erfinv.out: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170 on torch 2.13.0+cpu.

Public entry point: `torch.erfinv(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::erfinv.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170',
             'op': 'aten::erfinv.out'},
 'outcome_text': 'fails an internal assert in aten::erfinv.out: self.is_sparse_csr() INTERNAL ASSERT FAILED '
                 'at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.erfinv(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::erfinv.out',
             'called_op': 'aten::erfinv.out',
             'detail': {'error': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float16',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_bsr',
                                 'nnz': 9,
                                 'shape': [3, 3],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'choices': '4101412c014100004104410041024103410741084107',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::erfinv.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::erfinv.out'}},
 'repro': {'op': 'aten::erfinv.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 3],
                                'fill': 'values',
                                'layout': 'sparse_bsr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [4],
                                                      'fill': 'values',
                                                      'values': [0, 3, 6, 9]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [9],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 0, 1, 2, 0, 1, 2]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [9, 1, 1],
                                                      'fill': 'zeros'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 3, 6, 9], dtype=torch.int64), torch.tensor([0, 1, 2, 0, 1, 2, 0, 1, 2], dtype=torch.int64), torch.zeros(9, 1, 1, dtype=torch.float32), (3, 3), layout=torch.sparse_bsr)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.erfinv.out(self, out=out_)


EXPECTED = """internal assert: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170
"""
