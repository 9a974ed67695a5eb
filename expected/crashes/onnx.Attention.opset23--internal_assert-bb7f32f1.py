# opprop crash repro: onnx::Attention.opset23 fails an internal assert in onnx::Attention.opset23: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python onnx.Attention.opset23--internal_assert-bb7f32f1.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""onnx::Attention.opset23 fails an internal assert in onnx::Attention.opset23: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'onnx::Attention.opset23',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
             'op': 'onnx::Attention.opset23'},
 'outcome_text': 'fails an internal assert in onnx::Attention.opset23: src.layout() == kSparseCsr || '
                 'src.layout() == kSparseCsc INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'onnx::Attention.opset23',
             'called_op': 'onnx::Attention.opset23',
             'detail': {'error': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT '
                                 'FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'K': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [2, 3, 4, 5],
                              'storage_offset': 0,
                              'stride': [60, 1, 15, 3],
                              'tensor': True},
                        'Q': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [2, 3, 4, 5],
                              'storage_offset': 0,
                              'stride': [60, 1, 15, 3],
                              'tensor': True},
                        'V': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [2, 3, 4, 5],
                              'storage_offset': 0,
                              'stride': [60, 1, 15, 3],
                              'tensor': True},
                        'attn_mask': {'device': 'cpu',
                                      'dtype': 'float64',
                                      'layout': 'sparse_bsr',
                                      'nnz': 0,
                                      'shape': [0, 3],
                                      'tensor': True},
                        'is_causal': False,
                        'past_key': {'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'strided',
                                     'shape': [2, 3, 4, 5],
                                     'storage_offset': 0,
                                     'stride': [60, 1, 15, 3],
                                     'tensor': True},
                        'past_value': None,
                        'q_num_heads': -2,
                        'scale': 2.0,
                        'softcap': 0.5},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 43,
                        'crossing_seed': 500,
                        'target': 'onnx::Attention.opset23'}},
 'repro': {'op': 'onnx::Attention.opset23',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 0, 0, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0, 1, 0, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0, 0, 0, 0], 'fill': 'zeros'}},
                    {'produced': {'op': 'aten::to_sparse_bsr',
                                  'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 3], 'fill': 'zeros'}},
                                           [1, 1]],
                                  'kwargs': {}}},
                    None],
           'kwargs': {'scale': 0.0}}}

# ---- the repro ----
import torch

# ---- the op under test, from torch.onnx ----
import torch.onnx  # registers onnx::Attention.opset23
# ---- end of the op's definition ----

Q = torch.zeros(0, 0, 0, 0, dtype=torch.float32)
K = torch.zeros(0, 1, 0, 0, dtype=torch.float32)
V = torch.zeros(0, 0, 0, 0, dtype=torch.float32)
attn_mask_self = torch.zeros(0, 3, dtype=torch.float32)
attn_mask = torch.ops.aten.to_sparse_bsr.default(attn_mask_self, [1, 1])
torch.ops.onnx.Attention.opset23(Q, K, V, attn_mask, None, scale=0.0)


EXPECTED = """internal assert: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835
"""
