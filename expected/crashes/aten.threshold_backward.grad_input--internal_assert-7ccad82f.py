# opprop crash repro: aten::threshold_backward.grad_input fails an internal assert in aten::threshold_backward.grad_input: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.threshold_backward.grad_input--internal_assert-7ccad82f.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::threshold_backward.grad_input fails an internal assert in aten::threshold_backward.grad_input: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::threshold_backward.grad_input',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170',
             'op': 'aten::threshold_backward.grad_input'},
 'outcome_text': 'fails an internal assert in aten::threshold_backward.grad_input: self.is_sparse_csr() '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::threshold_backward.grad_input',
             'called_op': 'aten::threshold_backward.grad_input',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.is_sparse_csr() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'grad_input': {'device': 'cpu',
                                       'dtype': 'float32',
                                       'layout': 'strided',
                                       'shape': [0],
                                       'storage_offset': 0,
                                       'stride': [1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [1, 1],
                                        'storage_offset': 0,
                                        'stride': [1, 1],
                                        'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csr',
                                 'nnz': 1,
                                 'shape': [1, 1],
                                 'tensor': True},
                        'threshold': 1},
             'replay': {'choices': '41000041004100410141004100410441004100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::threshold_backward.grad_input',
                        'steer': {'choices': {'grad_input.dtype': {'floating': [11, 7],
                                                                   'same': [66, 57],
                                                                   'torch.bool': [2, 0],
                                                                   'torch.int64': [3, 0]},
                                              'self.kind': {'dense': [39, 34],
                                                            'has_live_view': [14, 13],
                                                            'is_view': [5, 2],
                                                            'sparse_bsr': [12, 12],
                                                            'sparse_coo': [4, 0],
                                                            'sparse_coo_uncoalesced': [3, 0],
                                                            'sparse_csc': [12, 12],
                                                            'sparse_csr': [4, 4],
                                                            'transposed': [3, 3]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::threshold_backward.grad_input'}},
 'repro': {'op': 'aten::threshold_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32',
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
                                          {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}}]}},
                    0],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros((), dtype=torch.float32)
self = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, dtype=torch.float32), (1, 1), layout=torch.sparse_csr)
grad_input = torch.zeros((), dtype=torch.float32)
torch.ops.aten.threshold_backward.grad_input(grad_output, self, 0, grad_input=grad_input)


EXPECTED = """internal assert: self.is_sparse_csr() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":170
"""
