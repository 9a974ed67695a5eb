# opprop crash repro: aten::new_ones fails an internal assert in aten::new_ones: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.new_ones--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::new_ones fails an internal assert in aten::new_ones: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `self.new_ones([0, 0])`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::new_ones',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::new_ones'},
 'outcome_text': 'fails an internal assert in aten::new_ones: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`self.new_ones([0, 0])`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::new_ones',
             'called_op': 'aten::new_ones',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'device': None,
                        'dtype': None,
                        'layout': None,
                        'pin_memory': None,
                        'self': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'size': [1, 1]},
             'replay': {'choices': '41014100004100410041014100410041054100410041004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::new_ones',
                        'steer': {'choices': {'device.default': {'False': [16, 13], 'True': [68, 65]},
                                              'device.value': {'drawn': [15, 12], 'own': [1, 1]},
                                              'dtype': {'torch.bfloat16': [3, 2],
                                                        'torch.bool': [1, 1],
                                                        'torch.complex64': [7, 6],
                                                        'torch.float16': [3, 3],
                                                        'torch.float32': [55, 53],
                                                        'torch.float64': [2, 2],
                                                        'torch.int32': [12, 10],
                                                        'torch.int64': [1, 1]},
                                              'dtype.default': {'False': [11, 10], 'True': [73, 68]},
                                              'dtype.dtype': {'torch.bfloat16': [1, 1],
                                                              'torch.float16': [1, 0],
                                                              'torch.float32': [1, 1]},
                                              'dtype.none': {'False': [3, 2], 'True': [8, 8]},
                                              'dtype.value': {'drawn': [11, 10]},
                                              'layout.default': {'False': [6, 6], 'True': [78, 72]},
                                              'layout.value': {'drawn': [6, 6]},
                                              'ndim': {'0': [49, 45],
                                                       '1': [8, 7],
                                                       '2': [20, 19],
                                                       '3': [6, 6],
                                                       '4': [1, 1]},
                                              'pin_memory.default': {'False': [8, 7], 'True': [76, 71]},
                                              'self.kind': {'conj': [1, 1],
                                                            'dense': [38, 38],
                                                            'has_live_view': [5, 5],
                                                            'is_view': [7, 7],
                                                            'nested_jagged': [9, 8],
                                                            'quantized_per_tensor': [12, 12],
                                                            'sparse_bsr': [1, 0],
                                                            'sparse_coo': [3, 0],
                                                            'sparse_coo_uncoalesced': [1, 0],
                                                            'sparse_csc': [1, 1],
                                                            'transposed': [6, 6]},
                                              'self.mode': {'plain': [26, 26],
                                                            'zero_dim': [1, 1],
                                                            'zero_size': [29, 29]},
                                              'self.qdtype': {'torch.quint8': [12, 12]},
                                              'self.zero_point': {'None': [12, 12]},
                                              'size.style': {'flat': [15, 13], 'shape': [69, 65]},
                                              'size.value': {'drawn': [41, 39], 'own': [43, 39]},
                                              'square': {'False': [44, 42], 'True': [40, 36]},
                                              'tensors.mode': {'plain': [1, 1], 'zero_dim': [1, 1]}},
                                  'total': [84, 78],
                                  'valid_rate': 0.9285714285714286},
                        'target': 'aten::new_ones'}},
 'repro': {'op': 'aten::new_ones',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    [0, 0]],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
torch.ops.aten.new_ones.default(self, [0, 0])


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
