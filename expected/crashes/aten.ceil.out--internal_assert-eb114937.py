# opprop crash repro: aten::ceil.out fails an internal assert in aten::ceil.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.ceil.out--internal_assert-eb114937.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::ceil.out fails an internal assert in aten::ceil.out: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171 on torch 2.13.0+cpu.

Public entry point: `torch.ceil(self, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::ceil.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
             'op': 'aten::ceil.out'},
 'outcome_text': 'fails an internal assert in aten::ceil.out: result.is_sparse_csr() INTERNAL ASSERT FAILED '
                 'at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.ceil(self, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::ceil.out',
             'called_op': 'aten::ceil.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'result.is_sparse_csr() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csr',
                                 'nnz': 1,
                                 'shape': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '4101410000410041004101410041044100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::ceil.out',
                        'steer': {'choices': {'self.kind': {'dense': [22, 18],
                                                            'has_live_view': [5, 3],
                                                            'is_view': [6, 6],
                                                            'sparse_coo': [6, 0],
                                                            'sparse_coo_uncoalesced': [3, 0],
                                                            'sparse_csr': [20, 20],
                                                            'transposed': [3, 3]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::ceil.out'}},
 'repro': {'op': 'aten::ceil.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_csr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0, 1]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0]}},
                                          {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, dtype=torch.float32), (1, 1), layout=torch.sparse_csr)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.ceil.out(self, out=out_)


EXPECTED = """internal assert: result.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":171
"""
