# opprop crash repro: aten::embedding_sparse_backward fails an internal assert in aten::embedding_sparse_backward: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.embedding_sparse_backward--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::embedding_sparse_backward fails an internal assert in aten::embedding_sparse_backward: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::embedding_sparse_backward',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::embedding_sparse_backward'},
 'outcome_text': 'fails an internal assert in aten::embedding_sparse_backward: false INTERNAL ASSERT FAILED '
                 'at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::embedding_sparse_backward',
             'called_op': 'aten::embedding_sparse_backward',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'grad': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [3, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [3, 3],
                                    'storage_offset': 0,
                                    'stride': [3, 1],
                                    'tensor': True},
                        'num_weights': 0,
                        'padding_idx': 2,
                        'scale_grad_by_freq': False},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'choices': '4149014100004100410041004103410341044106410241014100410200',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::embedding_sparse_backward',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::embedding_sparse_backward'}},
 'repro': {'op': 'aten::embedding_sparse_backward',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'zeros'}},
                    1,
                    -1,
                    False],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.quantize_per_tensor(torch.zeros(1, dtype=torch.float32).reshape(1, 1), 1.0, 0, torch.quint8)
indices = torch.zeros(1, dtype=torch.int64)
torch.ops.aten.embedding_sparse_backward.default(grad, indices, 1, -1, False)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
