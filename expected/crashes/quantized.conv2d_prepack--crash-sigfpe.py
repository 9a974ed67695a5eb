# opprop crash repro: quantized::conv2d_prepack dies with SIGFPE (floating-point exception) in quantized::conv2d_prepack on torch 2.13.0+cpu.
# Run it with nothing but torch: python quantized.conv2d_prepack--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""quantized::conv2d_prepack dies with SIGFPE (floating-point exception) in quantized::conv2d_prepack on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'quantized::conv2d_prepack',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'quantized::conv2d_prepack'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in quantized::conv2d_prepack',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-05',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'quantized::conv2d_prepack',
             'called_op': 'quantized::conv2d_prepack',
             'detail': {'example': 9, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'bias': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [3],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'dilation': [1, 1],
                        'groups': 0,
                        'padding': [0, 0],
                        'stride': [1, 1],
                        'weight': {'device': 'cpu',
                                   'dtype': 'quint8',
                                   'layout': 'strided',
                                   'qscheme': 'per_tensor_affine',
                                   'shape': [2, 3, 4, 3],
                                   'storage_offset': 0,
                                   'stride': [36, 12, 3, 1],
                                   'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(quantized::conv2d_prepack: {'tensor': True, 'dtype': 'quint8', "
                                "'shape': [2, 3, 4, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [36, "
                                "12, 3, 1], 'storage_offset': 0, 'qscheme': 'per_tensor_affine'}, {'tensor': "
                                "True, 'dtype': 'float64', 'shape': [3], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1], 'storage_offset': 0}, [1, 1], [0, 0], [1, 1], 0)",
                        'choices': '4104410341014101410341044103410141014100',
                        'database_key': 'opprop-fuzz:quantized::conv2d_prepack',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'quantized::conv2d_prepack'}},
 'repro': {'op': 'quantized::conv2d_prepack',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0, 0, 0, 0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 1]}},
                    None,
                    [0, 0],
                    [0, 0],
                    [0, 0],
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

weight = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(0, 0, 0, 0), 1.0, 1, torch.quint8)
torch.ops.quantized.conv2d_prepack.default(weight, None, [0, 0], [0, 0], [0, 0], 0)


EXPECTED = """dies with SIGFPE
"""
