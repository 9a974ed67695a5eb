# opprop crash repro: aten::native_group_norm.out fails an internal assert in aten::native_group_norm.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.native_group_norm.out--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::native_group_norm.out fails an internal assert in aten::native_group_norm.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::native_group_norm.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::native_group_norm.out'},
 'outcome_text': 'fails an internal assert in aten::native_group_norm.out: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::native_group_norm.out',
             'called_op': 'aten::native_group_norm.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'C': 65537,
                        'HxW': 1,
                        'N': 65537,
                        'bias': None,
                        'eps': 'nan',
                        'group': 1,
                        'input': {'device': 'cpu',
                                  'dtype': 'quint8',
                                  'layout': 'strided',
                                  'qscheme': 'per_channel_affine',
                                  'shape': [0, 3],
                                  'storage_offset': 0,
                                  'stride': [3, 1],
                                  'tensor': True},
                        'out0': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_channel_affine',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'out1': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_channel_affine',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'out2': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'math_bit': 'conj',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True},
                        'weight': {'device': 'cpu',
                                   'dtype': 'quint8',
                                   'layout': 'strided',
                                   'qscheme': 'per_channel_affine',
                                   'shape': [0, 3],
                                   'storage_offset': 0,
                                   'stride': [3, 1],
                                   'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 13,
                        'crossing_seed': 0,
                        'target': 'aten::native_group_norm.out'}},
 'repro': {'op': 'aten::native_group_norm.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0],
                                'fill': 'zeros',
                                'quant': ['per_channel', 'quint8', 0, [], []]}},
                    None,
                    None,
                    0,
                    0,
                    0,
                    0,
                    0.0],
           'kwargs': {'out0': {'tensor': {'dtype': 'float32',
                                          'shape': [0],
                                          'fill': 'zeros',
                                          'quant': ['per_channel', 'quint8', 0, [], []]}},
                      'out1': {'tensor': {'dtype': 'float32',
                                          'shape': [0],
                                          'fill': 'zeros',
                                          'quant': ['per_channel', 'quint8', 0, [], []]}},
                      'out2': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

input = torch.quantize_per_channel(torch.zeros(0, dtype=torch.float32), torch.tensor([], dtype=torch.double), torch.tensor([], dtype=torch.long), 0, torch.quint8)
out0 = torch.quantize_per_channel(torch.zeros(0, dtype=torch.float32), torch.tensor([], dtype=torch.double), torch.tensor([], dtype=torch.long), 0, torch.quint8)
out1 = torch.quantize_per_channel(torch.zeros(0, dtype=torch.float32), torch.tensor([], dtype=torch.double), torch.tensor([], dtype=torch.long), 0, torch.quint8)
out2 = torch.zeros((), dtype=torch.float32)
torch.ops.aten.native_group_norm.out(input, None, None, 0, 0, 0, 0, 0.0, out0=out0, out1=out1, out2=out2)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
