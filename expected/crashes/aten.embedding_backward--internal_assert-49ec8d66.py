# opprop crash repro: aten::embedding_backward fails an internal assert in aten::embedding_backward: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.embedding_backward--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::embedding_backward fails an internal assert in aten::embedding_backward: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::embedding_backward',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::embedding_backward'},
 'outcome_text': 'fails an internal assert in aten::embedding_backward: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::embedding_backward',
             'called_op': 'aten::embedding_backward',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'grad': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [2, 2, 2, 2],
                                 'storage_offset': 0,
                                 'stride': [8, 4, 2, 1],
                                 'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [2, 2, 2, 2],
                                    'storage_offset': 0,
                                    'stride': [8, 4, 2, 1],
                                    'tensor': True},
                        'num_weights': 2,
                        'padding_idx': 2,
                        'scale_grad_by_freq': False,
                        'sparse': True},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'choices': '412301410200410241004102410841014102410041004102410341004102410f4101410d4102410b4102410c0001',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::embedding_backward',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [8, 0],
                                                        'torch.bool': [28, 1],
                                                        'torch.complex64': [4, 0],
                                                        'torch.float16': [2, 0],
                                                        'torch.float32': [5, 0],
                                                        'torch.float64': [2, 0],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [9, 0],
                                                        'torch.int8': [1, 0]},
                                              'grad.kind': {'conj': [1, 0],
                                                            'dense': [35, 1],
                                                            'has_live_view': [3, 0],
                                                            'is_view': [2, 0],
                                                            'neg': [5, 0],
                                                            'quantized_per_channel': [1, 0],
                                                            'sparse_bsc': [1, 0],
                                                            'sparse_coo': [8, 0],
                                                            'sparse_coo_uncoalesced': [2, 0],
                                                            'sparse_csc': [2, 0]},
                                              'grad.mode': {'expanded': [1, 0],
                                                            'extreme': [1, 1],
                                                            'plain': [18, 0],
                                                            'visible': [4, 0],
                                                            'zero_size': [16, 0]},
                                              'grad.qdtype': {'torch.qint32': [1, 0]},
                                              'grad.zero_point': {'None': [1, 0]},
                                              'indices.bound': {'past': [6, 0], 'within': [54, 1]},
                                              'indices.style': {'1d': [57, 1], 'same': [3, 0]},
                                              'ndim': {'1': [3, 0], '2': [47, 1], '3': [8, 0], '4': [2, 0]},
                                              'num_weights.value': {'drawn': [57, 1], 'negative': [3, 0]},
                                              'padding_idx.value': {'drawn': [57, 1], 'negative': [3, 0]},
                                              'square': {'False': [20, 0], 'True': [40, 1]},
                                              'tensors.mode': {'plain': [2, 0], 'visible': [4, 0]}},
                                  'total': [60, 1],
                                  'valid_rate': 0.016666666666666666},
                        'target': 'aten::embedding_backward'}},
 'repro': {'op': 'aten::embedding_backward',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'zeros'}},
                    1,
                    -1,
                    False,
                    True],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.quantize_per_tensor(torch.zeros(1, dtype=torch.float32).reshape(1, 1), 1.0, 0, torch.quint8)
indices = torch.zeros(1, dtype=torch.int64)
torch.ops.aten.embedding_backward.default(grad, indices, 1, -1, False, True)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
