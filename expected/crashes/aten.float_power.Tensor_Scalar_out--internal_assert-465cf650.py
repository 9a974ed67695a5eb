# opprop crash repro: aten::float_power.Tensor_Scalar_out fails an internal assert in aten::float_power.Tensor_Scalar_out: t_.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":169 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.float_power.Tensor_Scalar_out--internal_assert-465cf650.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::float_power.Tensor_Scalar_out fails an internal assert in aten::float_power.Tensor_Scalar_out: t_.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":169 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::float_power.Tensor_Scalar_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 't_.is_sparse() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":169',
             'op': 'aten::float_power.Tensor_Scalar_out'},
 'outcome_text': 'fails an internal assert in aten::float_power.Tensor_Scalar_out: t_.is_sparse() INTERNAL '
                 'ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":169',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::float_power.Tensor_Scalar_out',
             'called_op': 'aten::float_power.Tensor_Scalar_out',
             'detail': {'error': 't_.is_sparse() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":169, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'exponent': 0,
                        'out': {'coalesced': True,
                                'device': 'cpu',
                                'dtype': 'float64',
                                'layout': 'sparse_coo',
                                'nnz': 12,
                                'shape': [3, 4],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [],
                                 'storage_offset': 1,
                                 'stride': [],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 315,
                        'crossing_seed': 500,
                        'target': 'aten::float_power.Tensor_Scalar_out'}},
 'repro': {'op': 'aten::float_power.Tensor_Scalar_out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'values', 'values': [0.0]}}, 0],
           'kwargs': {'out': {'tensor': {'dtype': 'float64',
                                         'shape': [3, 4],
                                         'fill': 'values',
                                         'layout': 'sparse_coo',
                                         'parts': [{'tensor': {'dtype': 'int64',
                                                               'shape': [2, 0],
                                                               'fill': 'values',
                                                               'values': []}},
                                                   {'tensor': {'dtype': 'float64',
                                                               'shape': [0],
                                                               'fill': 'values',
                                                               'values': []}}],
                                         'coalesced': True}}}}}

# ---- the repro ----
import torch

self = torch.tensor([0.0], dtype=torch.float32).reshape(())
out_ = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.tensor([], dtype=torch.float64), (3, 4), is_coalesced=True)
torch.ops.aten.float_power.Tensor_Scalar_out(self, 0, out=out_)


EXPECTED = """internal assert: t_.is_sparse() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseTensorMath.cpp":169
"""
