# opprop crash repro: inductor::accumulate_grad_ fails an internal assert in inductor::accumulate_grad_: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python inductor.accumulate_grad_--internal_assert-bb7f32f1.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""inductor::accumulate_grad_ fails an internal assert in inductor::accumulate_grad_: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'inductor::accumulate_grad_',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
             'op': 'inductor::accumulate_grad_'},
 'outcome_text': 'fails an internal assert in inductor::accumulate_grad_: src.layout() == kSparseCsr || '
                 'src.layout() == kSparseCsc INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'inductor::accumulate_grad_',
             'called_op': 'inductor::accumulate_grad_',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT '
                                 'FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'new_grad': {'device': 'cpu',
                                     'dtype': 'int64',
                                     'layout': 'sparse_bsc',
                                     'nnz': 5,
                                     'shape': [1, 5],
                                     'tensor': True},
                        'variable': {'device': 'cpu',
                                     'dtype': 'uint8',
                                     'layout': 'strided',
                                     'math_bit': 'neg',
                                     'shape': [],
                                     'storage_offset': 0,
                                     'stride': [],
                                     'tensor': True},
                        'variable_grad': {'device': 'cpu',
                                          'dtype': 'int64',
                                          'layout': 'strided',
                                          'math_bit': 'neg',
                                          'shape': [3, 4],
                                          'storage_offset': 0,
                                          'stride': [4, 1],
                                          'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 10,
                        'crossing_seed': 0,
                        'target': 'inductor::accumulate_grad_'}},
 'repro': {'op': 'inductor::accumulate_grad_',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64',
                                'shape': [1, 5],
                                'fill': 'values',
                                'layout': 'sparse_bsc',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [6],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 3, 4, 5]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [5],
                                                      'fill': 'values',
                                                      'values': [0, 0, 0, 0, 0]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [5, 1, 1],
                                                      'fill': 'zeros'}}]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

variable = torch.zeros((), dtype=torch.float32)
variable_grad = torch.zeros((), dtype=torch.float32)
new_grad = torch.sparse_compressed_tensor(torch.tensor([0, 1, 2, 3, 4, 5], dtype=torch.int64), torch.tensor([0, 0, 0, 0, 0], dtype=torch.int64), torch.zeros(5, 1, 1, dtype=torch.int64), (1, 5), layout=torch.sparse_bsc)
torch.ops.inductor.accumulate_grad_.default(variable, variable_grad, new_grad)


EXPECTED = """internal assert: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835
"""
