# opprop crash repro: aten::add_.Tensor fails an internal assert in aten::add_.Tensor: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.add_.Tensor--internal_assert-bb7f32f1.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::add_.Tensor fails an internal assert in aten::add_.Tensor: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.

Public entry point: `self.add_(other)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::add_.Tensor',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
             'op': 'aten::add_.Tensor'},
 'outcome_text': 'fails an internal assert in aten::add_.Tensor: src.layout() == kSparseCsr || src.layout() '
                 '== kSparseCsc INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`self.add_(other)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::add_.Tensor',
             'called_op': 'aten::add_.Tensor',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT '
                                 'FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'alpha': 1,
                        'other': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'sparse_bsr',
                                  'nnz': 1,
                                  'shape': [1, 1],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '41014100004100410041014100410041084100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::add_.Tensor',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::add_.Tensor'}},
 'repro': {'op': 'aten::add_.Tensor',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_bsr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0, 1]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [1, 1, 1],
                                                      'fill': 'zeros'}}]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
other = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, 1, 1, dtype=torch.float32), (1, 1), layout=torch.sparse_bsr)
torch.ops.aten.add_.Tensor(self, other)


EXPECTED = """internal assert: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835
"""
