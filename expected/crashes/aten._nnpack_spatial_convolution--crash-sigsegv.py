# opprop crash repro: aten::_nnpack_spatial_convolution dies with SIGSEGV (segmentation fault) in aten::_nnpack_spatial_convolution on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._nnpack_spatial_convolution--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_nnpack_spatial_convolution dies with SIGSEGV (segmentation fault) in aten::_nnpack_spatial_convolution on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_nnpack_spatial_convolution',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_nnpack_spatial_convolution'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_nnpack_spatial_convolution',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_nnpack_spatial_convolution',
             'called_op': 'aten::_nnpack_spatial_convolution',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 9, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'bias': None,
                        'input': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [],
                                  'storage_offset': 0,
                                  'stride': [],
                                  'tensor': True},
                        'padding': [0, 0],
                        'stride': [1],
                        'weight': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [1, 1, 1],
                                   'storage_offset': 0,
                                   'stride': [1, 1, 1],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::_nnpack_spatial_convolution: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [], 'device': 'cpu', 'layout': 'strided', 'stride': [], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, 1, "
                                "1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, 1], "
                                "'storage_offset': 0}, None, [0, 0], [1])",
                        'choices': '4200810141000141050041014102410541024101410e4107410041004101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_nnpack_spatial_convolution',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_nnpack_spatial_convolution',
                        'example': 9}},
 'repro': {'op': 'aten::_nnpack_spatial_convolution',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    None,
                    [0, 0],
                    [1]],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.zeros((), dtype=torch.float32)
weight = torch.zeros(1, 1, 1, dtype=torch.float32)
torch.ops.aten._nnpack_spatial_convolution.default(input, weight, None, [0, 0], [1])


EXPECTED = """dies with SIGSEGV
"""
