# opprop crash repro: aten::to_dense_backward fails an internal assert in aten::to_dense_backward: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkldnn/MKLDNNConversions.cpp":80 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.to_dense_backward--internal_assert-5c3d7e4b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::to_dense_backward fails an internal assert in aten::to_dense_backward: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkldnn/MKLDNNConversions.cpp":80 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::to_dense_backward',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/mkldnn/MKLDNNConversions.cpp":80',
             'op': 'aten::to_dense_backward'},
 'outcome_text': 'fails an internal assert in aten::to_dense_backward: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/mkldnn/MKLDNNConversions.cpp":80',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::to_dense_backward',
             'called_op': 'aten::to_dense_backward',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/mkldnn/MKLDNNConversions.cpp":80, '
                                 'please report a bug to PyTorch. Unsupported dtype for ideep public tensor: '
                                 'QUInt8',
                        'private': False},
             'inputs': {'grad': {'device': 'cpu',
                                 'dtype': 'bfloat16',
                                 'layout': '_mkldnn',
                                 'shape': [0, 3],
                                 'tensor': True},
                        'input': {'device': 'cpu',
                                  'dtype': 'quint8',
                                  'layout': 'strided',
                                  'qscheme': 'per_tensor_affine',
                                  'shape': [],
                                  'storage_offset': 0,
                                  'stride': [],
                                  'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 130,
                        'crossing_seed': 500,
                        'target': 'aten::to_dense_backward'}},
 'repro': {'op': 'aten::to_dense_backward',
           'args': [{'produced': {'op': 'aten::to_mkldnn',
                                  'args': [{'tensor': {'dtype': 'bfloat16',
                                                       'shape': [0, 3],
                                                       'fill': 'zeros'}}],
                                  'kwargs': {}}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'values': [0.0],
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_self = torch.zeros(0, 3, dtype=torch.bfloat16)
grad = torch.ops.aten.to_mkldnn.default(grad_self)
input = torch.quantize_per_tensor(torch.tensor([0.0], dtype=torch.float32).reshape(()), 1.0, 0, torch.quint8)
torch.ops.aten.to_dense_backward.default(grad, input)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkldnn/MKLDNNConversions.cpp":80
"""
