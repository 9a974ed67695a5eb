# opprop crash repro: aten::pow.Tensor_Scalar_out fails an internal assert in aten::pow.Tensor_Scalar_out: r.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.pow.Tensor_Scalar_out--internal_assert-8f0e127c.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::pow.Tensor_Scalar_out fails an internal assert in aten::pow.Tensor_Scalar_out: r.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168 on torch 2.13.0+cpu.

Public entry point: `torch.pow(self, 0, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::pow.Tensor_Scalar_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'r.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168',
             'op': 'aten::pow.Tensor_Scalar_out'},
 'outcome_text': 'fails an internal assert in aten::pow.Tensor_Scalar_out: r.is_sparse() INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.pow(self, 0, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::pow.Tensor_Scalar_out',
             'called_op': 'aten::pow.Tensor_Scalar_out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'r.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'exponent': 1,
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
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
                                 'shape': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '41014100004100410041014100410441004100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::pow.Tensor_Scalar_out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::pow.Tensor_Scalar_out'}},
 'repro': {'op': 'aten::pow.Tensor_Scalar_out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}],
                                'coalesced': True}},
                    0],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.zeros(0, dtype=torch.float32), (1, 1), is_coalesced=True)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.pow.Tensor_Scalar_out(self, 0, out=out_)


EXPECTED = """internal assert: r.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":168
"""
