# opprop crash repro: aten::ldexp_ fails an internal assert in aten::ldexp_: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.ldexp_--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::ldexp_ fails an internal assert in aten::ldexp_: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `torch.ldexp_(self, other)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::ldexp_',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::ldexp_'},
 'outcome_text': 'fails an internal assert in aten::ldexp_: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.ldexp_(self, other)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::ldexp_',
             'called_op': 'aten::ldexp_',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'other': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [1, 1],
                                  'storage_offset': 0,
                                  'stride': [1, 1],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '410000410041004101410041004104410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::ldexp_',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [18, 16],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [28, 26],
                                                        'torch.float16': [12, 12],
                                                        'torch.float32': [173, 160],
                                                        'torch.float64': [39, 37],
                                                        'torch.int32': [2, 0],
                                                        'torch.int64': [1, 0],
                                                        'torch.uint8': [2, 0]},
                                              'ndim': {'0': [2, 2],
                                                       '1': [1, 1],
                                                       '2': [43, 35],
                                                       '3': [2, 1],
                                                       '4': [5, 2]},
                                              'other.kind': {'dense': [30, 29],
                                                             'has_live_view': [2, 2],
                                                             'is_view': [1, 1],
                                                             'neg': [8, 8],
                                                             'nested_jagged': [2, 0],
                                                             'quantized_per_tensor': [1, 0],
                                                             'sparse_bsr': [2, 0],
                                                             'sparse_coo': [1, 0],
                                                             'sparse_coo_uncoalesced': [2, 0],
                                                             'sparse_csr': [2, 0],
                                                             'transposed': [1, 0]},
                                              'other.mode': {'plain': [31, 30],
                                                             'zero_dim': [1, 0],
                                                             'zero_size': [2, 2]},
                                              'other.qdtype': {'torch.quint8': [1, 0]},
                                              'other.relation': {'own': [49, 38],
                                                                 'partial': [3, 3],
                                                                 'same': [1, 0]},
                                              'other.zero_point': {'None': [1, 0]},
                                              'self.kind': {'dense': [20, 14],
                                                            'has_live_view': [7, 7],
                                                            'is_view': [5, 3],
                                                            'neg': [2, 1],
                                                            'nested_strided': [1, 0],
                                                            'quantized_per_tensor': [7, 7],
                                                            'sparse_coo_uncoalesced': [3, 2],
                                                            'sparse_csc': [1, 0],
                                                            'transposed': [7, 7]},
                                              'self.mode': {'offset': [4, 3],
                                                            'plain': [33, 27],
                                                            'transposed': [1, 0],
                                                            'zero_size': [1, 1]},
                                              'self.qdtype': {'torch.quint8': [7, 7]},
                                              'self.zero_point': {'None': [7, 7]},
                                              'square': {'False': [5, 4], 'True': [48, 37]},
                                              'tensors.mode': {'plain': [1, 1], 'zero_size': [1, 1]}},
                                  'total': [53, 41],
                                  'valid_rate': 0.7735849056603774},
                        'target': 'aten::ldexp_'}},
 'repro': {'op': 'aten::ldexp_',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
other = torch.zeros((), dtype=torch.float32)
torch.ops.aten.ldexp_.default(self, other)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
