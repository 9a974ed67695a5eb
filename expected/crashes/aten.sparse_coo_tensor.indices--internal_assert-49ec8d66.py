# opprop crash repro: aten::sparse_coo_tensor.indices fails an internal assert in aten::_sparse_coo_tensor_with_dims_and_tensors: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.sparse_coo_tensor.indices--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::sparse_coo_tensor.indices fails an internal assert in aten::_sparse_coo_tensor_with_dims_and_tensors: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::sparse_coo_tensor.indices',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::_sparse_coo_tensor_with_dims_and_tensors'},
 'outcome_text': 'fails an internal assert in aten::_sparse_coo_tensor_with_dims_and_tensors: false INTERNAL '
                 'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::sparse_coo_tensor.indices',
             'called_op': 'aten::sparse_coo_tensor.indices',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'device': None,
                        'dtype': None,
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [1, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1],
                                    'tensor': True},
                        'is_coalesced': None,
                        'layout': None,
                        'pin_memory': None,
                        'values': {'device': 'cpu',
                                   'dtype': 'quint8',
                                   'layout': 'strided',
                                   'qscheme': 'per_tensor_affine',
                                   'shape': [1, 1],
                                   'storage_offset': 0,
                                   'stride': [1, 1],
                                   'tensor': True}},
             'replay': {'choices': '41000041004100410041004101410041004100410041024100410041004100410041004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::sparse_coo_tensor.indices',
                        'steer': {'choices': {'device.default': {'False': [5, 0], 'True': [9, 7]},
                                              'device.value': {'drawn': [5, 0]},
                                              'dtype': {'torch.bfloat16': [1, 1],
                                                        'torch.complex64': [1, 0],
                                                        'torch.float32': [9, 6],
                                                        'torch.float64': [1, 0],
                                                        'torch.int64': [1, 0],
                                                        'torch.uint8': [1, 0]},
                                              'dtype.default': {'False': [2, 1], 'True': [12, 6]},
                                              'dtype.none': {'True': [2, 1]},
                                              'dtype.value': {'drawn': [2, 1]},
                                              'indices.bound': {'within': [14, 7]},
                                              'indices.style': {'1d': [14, 0], 'same': [81, 49]},
                                              'is_coalesced.default': {'False': [40, 31], 'True': [27, 6]},
                                              'is_coalesced.none': {'False': [5, 2], 'True': [9, 5]},
                                              'layout.default': {'False': [4, 2], 'True': [10, 5]},
                                              'layout.value': {'drawn': [4, 2]},
                                              'ndim': {'1': [1, 0], '2': [10, 7], '3': [3, 0]},
                                              'pin_memory.default': {'False': [3, 2], 'True': [11, 5]},
                                              'square': {'False': [9, 1], 'True': [86, 48]},
                                              'tensors.mode': {'plain': [2, 2], 'zero_dim': [1, 0]},
                                              'values.kind': {'conj': [1, 0],
                                                              'dense': [77, 46],
                                                              'has_live_view': [3, 0],
                                                              'is_view': [4, 0],
                                                              'nested_jagged': [1, 0],
                                                              'sparse_csr': [1, 0],
                                                              'transposed': [8, 3]},
                                              'values.mode': {'expanded': [2, 2],
                                                              'offset': [9, 8],
                                                              'plain': [22, 5],
                                                              'sliced': [11, 10],
                                                              'visible': [4, 4],
                                                              'zero_dim': [23, 20],
                                                              'zero_size': [21, 0]}},
                                  'total': [14, 7],
                                  'valid_rate': 0.5},
                        'target': 'aten::sparse_coo_tensor.indices'}},
 'repro': {'op': 'aten::sparse_coo_tensor.indices',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [1, 1], 'fill': 'ones'}},
                    {'tensor': {'dtype': 'quint8', 'shape': [1, 1], 'fill': 'ones'}}],
           'kwargs': {'dtype': None,
                      'layout': None,
                      'device': None,
                      'pin_memory': None,
                      'is_coalesced': None}}}

# ---- the repro ----
import torch

indices = torch.ones(1, 1, dtype=torch.int64)
values = torch.ones(1, 1, dtype=torch.quint8)
torch.ops.aten.sparse_coo_tensor.indices(indices, values, dtype=None, layout=None, device=None, pin_memory=None, is_coalesced=None)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
