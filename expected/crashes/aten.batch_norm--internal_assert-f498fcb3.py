# opprop crash repro: aten::batch_norm fails an internal assert in aten::batch_norm: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/AccumulateType.cpp":23 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.batch_norm--internal_assert-f498fcb3.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::batch_norm fails an internal assert in aten::batch_norm: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/AccumulateType.cpp":23 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::batch_norm',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/AccumulateType.cpp":23',
             'op': 'aten::batch_norm'},
 'outcome_text': 'fails an internal assert in aten::batch_norm: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/AccumulateType.cpp":23',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::batch_norm',
             'called_op': 'aten::batch_norm',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/AccumulateType.cpp":23, please report '
                                 'a bug to PyTorch. Unrecognized ScalarType: QUInt8',
                        'private': False},
             'inputs': {'bias': None,
                        'cudnn_enabled': False,
                        'eps': -1.0,
                        'input': {'device': 'cpu',
                                  'dtype': 'quint8',
                                  'layout': 'strided',
                                  'qscheme': 'per_channel_affine',
                                  'shape': [0, 3],
                                  'storage_offset': 0,
                                  'stride': [3, 1],
                                  'tensor': True},
                        'momentum': 2.0,
                        'running_mean': {'device': 'cpu',
                                         'dtype': 'quint8',
                                         'layout': 'strided',
                                         'qscheme': 'per_channel_affine',
                                         'shape': [0, 3],
                                         'storage_offset': 0,
                                         'stride': [3, 1],
                                         'tensor': True},
                        'running_var': {'device': 'cpu',
                                        'dtype': 'quint8',
                                        'layout': 'strided',
                                        'qscheme': 'per_channel_affine',
                                        'shape': [0, 3],
                                        'storage_offset': 0,
                                        'stride': [3, 1],
                                        'tensor': True},
                        'training': True,
                        'weight': {'device': 'cpu',
                                   'dtype': 'quint8',
                                   'layout': 'strided',
                                   'qscheme': 'per_channel_affine',
                                   'shape': [0, 3],
                                   'storage_offset': 0,
                                   'stride': [3, 1],
                                   'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 119,
                        'crossing_seed': 500,
                        'target': 'aten::batch_norm'}},
 'repro': {'op': 'aten::batch_norm',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0, 3],
                                'fill': 'values',
                                'values': [],
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    None,
                    None,
                    None,
                    None,
                    True,
                    0.1,
                    1e-05,
                    False],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.quantize_per_tensor(torch.tensor([], dtype=torch.float32).reshape(0, 3), 1.0, 0, torch.quint8)
torch.ops.aten.batch_norm.default(input, None, None, None, None, True, 0.1, 1e-05, False)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/AccumulateType.cpp":23
"""
