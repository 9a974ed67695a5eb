# opprop crash repro: sparse::qlinear_relu_dynamic fails an internal assert in sparse::qlinear_relu_dynamic: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/ao_sparse/quantized/cpu/qlinear_dynamic.cpp":28 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python sparse.qlinear_relu_dynamic--internal_assert-96ccf03b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""sparse::qlinear_relu_dynamic fails an internal assert in sparse::qlinear_relu_dynamic: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/ao_sparse/quantized/cpu/qlinear_dynamic.cpp":28 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'sparse::qlinear_relu_dynamic',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/ao_sparse/quantized/cpu/qlinear_dynamic.cpp":28',
             'op': 'sparse::qlinear_relu_dynamic'},
 'outcome_text': 'fails an internal assert in sparse::qlinear_relu_dynamic: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/ao_sparse/quantized/cpu/qlinear_dynamic.cpp":28',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'sparse::qlinear_relu_dynamic',
             'called_op': 'sparse::qlinear_relu_dynamic',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/ao_sparse/quantized/cpu/qlinear_dynamic.cpp":28, '
                                 'please report a bug to PyTorch. Sparse quantized dynamic linear with fused '
                                 'relu is not yet supported on qnnpack backend.',
                        'private': False},
             'inputs': {'W_prepack': {'inputs': {'B': None,
                                                 'W': {'device': 'cpu',
                                                       'dtype': 'qint8',
                                                       'layout': 'strided',
                                                       'qscheme': 'per_tensor_affine',
                                                       'shape': [1, 1],
                                                       'storage_offset': 0,
                                                       'stride': [1, 1],
                                                       'tensor': True},
                                                 'in_features_block_size': 4,
                                                 'out_features_block_size': 1},
                                      'produced_by': 'sparse::qlinear_prepack'},
                        'X': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [1, 1],
                              'storage_offset': 0,
                              'stride': [1, 1],
                              'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'choices': '41024100410041014100410041004100410141004100410041004100',
                        'corpus': '/tmp/eng/wt-after/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:sparse::qlinear_relu_dynamic',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'strategy': 'scheduled',
                        'target': 'sparse::qlinear_relu_dynamic'}},
 'repro': {'op': 'sparse::qlinear_relu_dynamic',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'produced': {'op': 'sparse::qlinear_prepack',
                                  'args': [{'tensor': {'dtype': 'float32',
                                                       'shape': [0, 0],
                                                       'fill': 'zeros',
                                                       'quant': ['per_tensor', 'qint8', 1.0, 0]}},
                                           None,
                                           1,
                                           1],
                                  'kwargs': {}}}],
           'kwargs': {},
           'engine': 'qnnpack'}}

# ---- the repro ----
import torch

torch.backends.quantized.engine = 'qnnpack'  # the quantized engine the call ran under
X = torch.zeros((), dtype=torch.float32)
W_prepack_W = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(0, 0), 1.0, 0, torch.qint8)
W_prepack = torch.ops.sparse.qlinear_prepack.default(W_prepack_W, None, 1, 1)
torch.ops.sparse.qlinear_relu_dynamic.default(X, W_prepack)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/ao_sparse/quantized/cpu/qlinear_dynamic.cpp":28
"""
