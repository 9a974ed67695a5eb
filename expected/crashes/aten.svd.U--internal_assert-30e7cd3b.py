# opprop crash repro: aten::svd.U fails an internal assert in aten::svd.U: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.svd.U--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::svd.U fails an internal assert in aten::svd.U: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::svd.U',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::svd.U'},
 'outcome_text': 'fails an internal assert in aten::svd.U: cloned_mutable_input.is_same(returned_output) '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::svd.U',
             'called_op': 'aten::svd.U',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'S': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'math_bit': 'neg',
                              'shape': [3, 4],
                              'storage_offset': 0,
                              'stride': [4, 1],
                              'tensor': True},
                        'U': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [0, 3],
                              'storage_offset': 1,
                              'stride': [3, 1],
                              'tensor': True},
                        'V': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'sparse_bsr',
                              'nnz': 1,
                              'shape': [1, 1],
                              'tensor': True},
                        'compute_uv': False,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'math_bit': 'neg',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [4, 1],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 166,
                        'crossing_seed': 500,
                        'target': 'aten::svd.U'}},
 'repro': {'op': 'aten::svd.U',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'layout': 'neg',
                                'parts': [{'tensor': {'dtype': 'float32',
                                                      'shape': [3, 4],
                                                      'fill': 'ones'}}]}}],
           'kwargs': {'compute_uv': False,
                      'U': {'tensor': {'dtype': 'float32', 'shape': [0, 3], 'fill': 'ones'}},
                      'S': {'tensor': {'dtype': 'float32',
                                       'shape': [3, 4],
                                       'fill': 'values',
                                       'layout': 'neg',
                                       'parts': [{'tensor': {'dtype': 'float32',
                                                             'shape': [3, 4],
                                                             'fill': 'ones'}}]}},
                      'V': {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'ones'}}}}}

# ---- the repro ----
import torch

self = torch._neg_view(torch.ones(3, 4, dtype=torch.float32))
U = torch.ones(0, 3, dtype=torch.float32)
S = torch._neg_view(torch.ones(3, 4, dtype=torch.float32))
V = torch.ones(1, 1, dtype=torch.float32)
torch.ops.aten.svd.U(self, compute_uv=False, U=U, S=S, V=V)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
