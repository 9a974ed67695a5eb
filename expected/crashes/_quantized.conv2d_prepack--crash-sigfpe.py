# opprop crash repro: _quantized::conv2d_prepack dies with SIGFPE (floating-point exception) in _quantized::conv2d_prepack on torch 2.13.0+cpu.
# Run it with torch and nothing else: python _quantized.conv2d_prepack--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""_quantized::conv2d_prepack dies with SIGFPE (floating-point exception) in _quantized::conv2d_prepack on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': '_quantized::conv2d_prepack',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': '_quantized::conv2d_prepack'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in _quantized::conv2d_prepack',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'quantized::conv_unpack',
             'called_op': 'quantized::conv_unpack',
             'detail': {'example': 16, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'packed_weights': {'inputs': {'bias': None,
                                                      'dilation': [1, 1],
                                                      'groups': 1,
                                                      'padding': [0, 0],
                                                      'stride': [1, 1],
                                                      'weight': {'device': 'cpu',
                                                                 'dtype': 'qint8',
                                                                 'layout': 'strided',
                                                                 'qscheme': 'per_tensor_affine',
                                                                 'shape': [0, 0, 1, 1],
                                                                 'storage_offset': 0,
                                                                 'stride': [1, 1, 1, 1],
                                                                 'tensor': True}},
                                           'produced_by': '_quantized::conv2d_prepack'}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(quantized::conv_unpack: {'produced_by': '_quantized::conv2d_prepack', "
                                "'inputs': {'weight': {'tensor': True, 'dtype': 'qint8', 'shape': [0, 0, 1, "
                                "1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, 1, 1], "
                                "'storage_offset': 0, 'qscheme': 'per_tensor_affine'}, 'bias': None, "
                                "'stride': [1, 1], 'padding': [0, 0], 'dilation': [1, 1], 'groups': 1}})",
                        'choices': '41094105410141044100410141034108410041034103410541054107410541004102',
                        'corpus': '/tmp/eng/wt-after/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:quantized::conv_unpack',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'quantized::conv_unpack'}},
 'repro': {'op': '_quantized::conv2d_prepack',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0, 0, 0, 0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    None,
                    [0, 0],
                    [0, 0],
                    [0, 0],
                    0],
           'kwargs': {},
           'engine': 'fbgemm'}}

# ---- the repro ----
import torch

torch.backends.quantized.engine = 'fbgemm'  # the quantized engine the call ran under
weight = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(0, 0, 0, 0), 1.0, 0, torch.quint8)
torch.ops._quantized.conv2d_prepack.default(weight, None, [0, 0], [0, 0], [0, 0], 0)


EXPECTED = """dies with SIGFPE
"""
