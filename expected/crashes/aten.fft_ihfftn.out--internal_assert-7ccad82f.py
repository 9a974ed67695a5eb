# opprop crash repro: aten::fft_ihfftn.out fails an internal assert in aten::fft_ihfftn.out: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fft_ihfftn.out--internal_assert-7ccad82f.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fft_ihfftn.out fails an internal assert in aten::fft_ihfftn.out: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fft_ihfftn.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170',
             'op': 'aten::fft_ihfftn.out'},
 'outcome_text': 'fails an internal assert in aten::fft_ihfftn.out: self.is_sparse_csr() INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::fft_ihfftn.out',
             'called_op': 'aten::fft_ihfftn.out',
             'detail': {'error': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': None,
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'sparse_bsr',
                                'nnz': 20,
                                'shape': [2, 3, 4, 5],
                                'tensor': True},
                        's': [2],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 1, 15, 3],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 4,
                        'crossing_seed': 0,
                        'target': 'aten::fft_ihfftn.out'}},
 'repro': {'op': 'aten::fft_ihfftn.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [2, 2],
                                'fill': 'values',
                                'values': [1.0, 1.0, 1.0, 1.0]}}],
           'kwargs': {'s': [2],
                      'out': {'tensor': {'dtype': 'float32',
                                         'shape': [2, 2],
                                         'fill': 'values',
                                         'layout': 'sparse_bsr',
                                         'parts': [{'tensor': {'dtype': 'int64',
                                                               'shape': [3],
                                                               'fill': 'values',
                                                               'values': [0, 0, 0]}},
                                                   {'tensor': {'dtype': 'int64',
                                                               'shape': [0],
                                                               'fill': 'values',
                                                               'values': []}},
                                                   {'tensor': {'dtype': 'float32',
                                                               'shape': [0, 1, 1],
                                                               'fill': 'values',
                                                               'values': []}}]}}}}}

# ---- the repro ----
import torch

self = torch.tensor([1.0, 1.0, 1.0, 1.0], dtype=torch.float32).reshape(2, 2)
out_ = torch.sparse_compressed_tensor(torch.tensor([0, 0, 0], dtype=torch.int64), torch.tensor([], dtype=torch.int64), torch.tensor([], dtype=torch.float32).reshape(0, 1, 1), (2, 2), layout=torch.sparse_bsr)
torch.ops.aten.fft_ihfftn.out(self, s=[2], out=out_)


EXPECTED = """internal assert: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170
"""
