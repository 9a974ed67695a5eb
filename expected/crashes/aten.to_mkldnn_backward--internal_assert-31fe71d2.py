# opprop crash repro: aten::to_mkldnn_backward fails an internal assert in aten::to_mkldnn_backward: input_.layout() == c10::kStrided INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorConversions.cpp":660 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.to_mkldnn_backward--internal_assert-31fe71d2.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::to_mkldnn_backward fails an internal assert in aten::to_mkldnn_backward: input_.layout() == c10::kStrided INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorConversions.cpp":660 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::to_mkldnn_backward',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'input_.layout() == c10::kStrided INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorConversions.cpp":660',
             'op': 'aten::to_mkldnn_backward'},
 'outcome_text': 'fails an internal assert in aten::to_mkldnn_backward: input_.layout() == c10::kStrided '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorConversions.cpp":660',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::to_mkldnn_backward',
             'called_op': 'aten::to_mkldnn_backward',
             'detail': {'error': 'input_.layout() == c10::kStrided INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorConversions.cpp":660, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'grad': {'coalesced': False,
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_coo',
                                 'nnz': 24,
                                 'shape': [3, 4],
                                 'tensor': True},
                        'input': {'coalesced': False,
                                  'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'sparse_coo',
                                  'nnz': 24,
                                  'shape': [3, 4],
                                  'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 0,
                        'crossing_seed': 500,
                        'target': 'aten::to_mkldnn_backward'}},
 'repro': {'op': 'aten::to_mkldnn_backward',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [0],
                                                      'fill': 'values',
                                                      'values': []}}],
                                'coalesced': True}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [0],
                                                      'fill': 'values',
                                                      'values': []}}],
                                'coalesced': True}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.tensor([], dtype=torch.float32), (3, 4), is_coalesced=True)
input = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.tensor([], dtype=torch.float32), (3, 4), is_coalesced=True)
torch.ops.aten.to_mkldnn_backward.default(grad, input)


EXPECTED = """internal assert: input_.layout() == c10::kStrided INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorConversions.cpp":660
"""
