# opprop crash repro: aten::scaled_dot_product_attention fails an internal assert in aten::scaled_dot_product_attention: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.scaled_dot_product_attention--internal_assert-bb7f32f1.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::scaled_dot_product_attention fails an internal assert in aten::scaled_dot_product_attention: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::scaled_dot_product_attention',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
             'op': 'aten::scaled_dot_product_attention'},
 'outcome_text': 'fails an internal assert in aten::scaled_dot_product_attention: src.layout() == kSparseCsr '
                 '|| src.layout() == kSparseCsc INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::scaled_dot_product_attention',
             'called_op': 'aten::scaled_dot_product_attention',
             'detail': {'error': 'src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT '
                                 'FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'attn_mask': {'device': 'cpu',
                                      'dtype': 'float32',
                                      'layout': 'sparse_bsr',
                                      'nnz': 5,
                                      'shape': [1, 5],
                                      'tensor': True},
                        'dropout_p': 2.0,
                        'enable_gqa': True,
                        'key': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [2, 3, 4, 5],
                                'storage_offset': 0,
                                'stride': [60, 1, 15, 3],
                                'tensor': True},
                        'query': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [2, 3, 4, 5],
                                  'storage_offset': 0,
                                  'stride': [60, 1, 15, 3],
                                  'tensor': True},
                        'value': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [2, 3, 4, 5],
                                  'storage_offset': 0,
                                  'stride': [60, 1, 15, 3],
                                  'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 9,
                        'crossing_seed': 500,
                        'target': 'aten::scaled_dot_product_attention'}},
 'repro': {'op': 'aten::scaled_dot_product_attention',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1, 1, 5],
                                'fill': 'values',
                                'values': [1.0, 1.0, 1.0, 1.0, 1.0]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [1, 1, 1, 5],
                                'fill': 'values',
                                'values': [1.0, 1.0, 1.0, 1.0, 1.0]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [1, 1, 1, 5],
                                'fill': 'values',
                                'values': [1.0, 1.0, 1.0, 1.0, 1.0]}}],
           'kwargs': {'attn_mask': {'tensor': {'dtype': 'float32',
                                               'shape': [1, 5],
                                               'fill': 'values',
                                               'layout': 'sparse_bsr',
                                               'parts': [{'tensor': {'dtype': 'int64',
                                                                     'shape': [2],
                                                                     'fill': 'values',
                                                                     'values': [0, 0]}},
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

query = torch.tensor([1.0, 1.0, 1.0, 1.0, 1.0], dtype=torch.float32).reshape(1, 1, 1, 5)
key = torch.tensor([1.0, 1.0, 1.0, 1.0, 1.0], dtype=torch.float32).reshape(1, 1, 1, 5)
value = torch.tensor([1.0, 1.0, 1.0, 1.0, 1.0], dtype=torch.float32).reshape(1, 1, 1, 5)
attn_mask = torch.sparse_compressed_tensor(torch.tensor([0, 0], dtype=torch.int64), torch.tensor([], dtype=torch.int64), torch.tensor([], dtype=torch.float32).reshape(0, 1, 1), (1, 5), layout=torch.sparse_bsr)
torch.ops.aten.scaled_dot_product_attention.default(query, key, value, attn_mask=attn_mask)


EXPECTED = """internal assert: src.layout() == kSparseCsr || src.layout() == kSparseCsc INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp":835
"""
