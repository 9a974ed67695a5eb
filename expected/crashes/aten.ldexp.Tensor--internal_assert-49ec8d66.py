# opprop crash repro: aten::ldexp.Tensor fails an internal assert in aten::ldexp.Tensor: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.ldexp.Tensor--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::ldexp.Tensor fails an internal assert in aten::ldexp.Tensor: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `torch.ldexp(self, other)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::ldexp.Tensor',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::ldexp.Tensor'},
 'outcome_text': 'fails an internal assert in aten::ldexp.Tensor: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.ldexp(self, other)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::ldexp.Tensor',
             'called_op': 'aten::ldexp.Tensor',
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
             'replay': {'choices': '4101410000410041004101410041044100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::ldexp.Tensor',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [2, 2],
                                                        'torch.bool': [7, 7],
                                                        'torch.complex64': [1, 1],
                                                        'torch.float16': [1, 1],
                                                        'torch.float32': [38, 27],
                                                        'torch.int32': [1, 1],
                                                        'torch.int8': [1, 1],
                                                        'torch.uint8': [1, 1]},
                                              'ndim': {'0': [1, 1],
                                                       '1': [3, 3],
                                                       '2': [40, 30],
                                                       '3': [1, 1],
                                                       '4': [7, 6]},
                                              'other.kind': {'conj': [2, 2],
                                                             'dense': [28, 28],
                                                             'is_view': [2, 2],
                                                             'quantized_per_tensor': [3, 0],
                                                             'sparse_bsc': [1, 0],
                                                             'sparse_coo': [1, 0],
                                                             'sparse_csc': [1, 0],
                                                             'sparse_csr': [5, 0],
                                                             'transposed': [5, 5]},
                                              'other.mode': {'expanded': [1, 1],
                                                             'offset': [1, 1],
                                                             'plain': [31, 31],
                                                             'zero_dim': [2, 2]},
                                              'other.qdtype': {'torch.qint32': [1, 0],
                                                               'torch.quint8': [2, 0]},
                                              'other.relation': {'own': [48, 37],
                                                                 'partial': [2, 2],
                                                                 'view': [2, 2]},
                                              'other.zero_point': {'0': [1, 0], 'None': [2, 0]},
                                              'self.kind': {'dense': [19, 15],
                                                            'has_live_view': [5, 2],
                                                            'is_view': [5, 3],
                                                            'quantized_per_tensor': [15, 14],
                                                            'sparse_coo_uncoalesced': [1, 1],
                                                            'transposed': [7, 6]},
                                              'self.mode': {'expanded': [1, 1],
                                                            'plain': [31, 21],
                                                            'sliced': [1, 1],
                                                            'zero_dim': [1, 1],
                                                            'zero_size': [2, 2]},
                                              'self.qdtype': {'torch.quint4x2': [1, 0],
                                                              'torch.quint8': [14, 14]},
                                              'self.zero_point': {'None': [15, 14]},
                                              'square': {'False': [10, 10], 'True': [42, 31]},
                                              'tensors.mode': {'expanded': [1, 1],
                                                               'plain': [2, 2],
                                                               'zero_dim': [1, 1]}},
                                  'total': [52, 41],
                                  'valid_rate': 0.7884615384615384},
                        'target': 'aten::ldexp.Tensor'}},
 'repro': {'op': 'aten::ldexp.Tensor',
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
torch.ops.aten.ldexp.Tensor(self, other)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
