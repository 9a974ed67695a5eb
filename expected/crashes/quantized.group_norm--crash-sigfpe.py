# opprop crash repro: quantized::group_norm dies with SIGFPE (floating-point exception) in quantized::group_norm on torch 2.13.0+cpu.
# Run it with torch and nothing else: python quantized.group_norm--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""quantized::group_norm dies with SIGFPE (floating-point exception) in quantized::group_norm on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'quantized::group_norm',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'quantized::group_norm'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in quantized::group_norm',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'quantized::group_norm',
             'called_op': 'quantized::group_norm',
             'detail': {'example': 50, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'bias': None,
                        'eps': 1e-05,
                        'input': {'device': 'cpu',
                                  'dtype': 'quint8',
                                  'layout': 'strided',
                                  'qscheme': 'per_tensor_affine',
                                  'shape': [1, 0, 3],
                                  'storage_offset': 0,
                                  'stride': [3, 3, 1],
                                  'tensor': True},
                        'num_groups': 2,
                        'output_scale': 2.0,
                        'output_zero_point': 0,
                        'weight': None},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(quantized::group_norm: {'tensor': True, 'dtype': 'quint8', 'shape': "
                                "[1, 0, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [3, 3, 1], "
                                "'storage_offset': 0, 'qscheme': 'per_tensor_affine'}, 2, None, None, 1e-05, "
                                '2.0, 0)',
                        'choices': '414b00410041014101410041034103410041004100410241004101410241024100',
                        'corpus': '/tmp/eng/wt-after/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:quantized::group_norm',
                        'steer': {'choices': {'bias.default': {'False': [7, 0], 'True': [13, 0]},
                                              'bias.mode': {'plain': [3, 0], 'zero_size': [1, 0]},
                                              'bias.none': {'False': [4, 0], 'True': [3, 0]},
                                              'bias.relation': {'own': [7, 0]},
                                              'dtype': {'torch.bfloat16': [1, 0],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [1, 0],
                                                        'torch.float32': [7, 0],
                                                        'torch.float64': [2, 0],
                                                        'torch.int64': [1, 0],
                                                        'torch.int8': [3, 0],
                                                        'torch.uint8': [1, 0]},
                                              'eps.value': {'drawn': [15, 0],
                                                            'extreme': [1, 0],
                                                            'zero': [4, 0]},
                                              'input.kind': {'dense': [6, 0],
                                                             'is_view': [1, 0],
                                                             'quantized_per_tensor': [12, 0],
                                                             'transposed': [1, 0]},
                                              'input.mode': {'plain': [8, 0]},
                                              'input.qdtype': {'torch.qint8': [4, 0], 'torch.quint8': [8, 0]},
                                              'input.zero_point': {'None': [12, 0]},
                                              'ndim': {'0': [8, 0], '1': [14, 0], '2': [4, 0], '4': [1, 1]},
                                              'output_scale.value': {'drawn': [14, 0],
                                                                     'extreme': [2, 0],
                                                                     'one': [2, 0],
                                                                     'zero': [2, 0]},
                                              'square': {'False': [3, 0], 'True': [17, 0]},
                                              'tensors.mode': {'zero_size': [1, 0]},
                                              'weight.default': {'False': [9, 0], 'True': [11, 0]},
                                              'weight.kind': {'quantized_per_tensor': [3, 0]},
                                              'weight.none': {'False': [3, 0], 'True': [6, 0]},
                                              'weight.qdtype': {'torch.qint8': [2, 0],
                                                                'torch.quint8': [1, 0]},
                                              'weight.relation': {'own': [9, 0]},
                                              'weight.shape': {'channels': [1, 0], 'same': [2, 0]},
                                              'weight.zero_point': {'0': [2, 0], 'None': [1, 0]}},
                                  'total': [20, 0],
                                  'valid_rate': 0.0},
                        'target': 'quantized::group_norm'}},
 'repro': {'op': 'quantized::group_norm',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 0, 0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    1,
                    None,
                    None,
                    0.0,
                    0.0,
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(1, 0, 0), 1.0, 0, torch.quint8)
torch.ops.quantized.group_norm.default(input, 1, None, None, 0.0, 0.0, 0)


EXPECTED = """dies with SIGFPE
"""
