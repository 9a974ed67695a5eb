# opprop crash repro: quantized::conv1d_prepack dies with SIGFPE (floating-point exception) in quantized::conv1d_prepack on torch 2.13.0+cpu.
# Run it with torch and nothing else: python quantized.conv1d_prepack--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""quantized::conv1d_prepack dies with SIGFPE (floating-point exception) in quantized::conv1d_prepack on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'quantized::conv1d_prepack',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'quantized::conv1d_prepack'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in quantized::conv1d_prepack',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'fbgemm::PackWeightMatrixForGConv::numOfGroupsTogether (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'quantized::conv1d_prepack',
             'called_op': 'quantized::conv1d_prepack',
             'detail': {'example': 81, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'bias': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'dilation': [0, 1, 1],
                        'groups': 1,
                        'padding': [0],
                        'stride': [1],
                        'weight': {'device': 'cpu',
                                   'dtype': 'qint8',
                                   'layout': 'strided',
                                   'qscheme': 'per_tensor_affine',
                                   'shape': [0, 1, 1],
                                   'storage_offset': 0,
                                   'stride': [1, 1, 1],
                                   'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(quantized::conv1d_prepack: {'tensor': True, 'dtype': 'qint8', 'shape': "
                                "[0, 1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, 1], "
                                "'storage_offset': 0, 'qscheme': 'per_tensor_affine'}, {'tensor': True, "
                                "'dtype': 'float64', 'shape': [0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 0}, [1], [0], [0, 1, 1], 1)",
                        'choices': '41054100410141014101410141004101',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:quantized::conv1d_prepack',
                        'steer': {'choices': {'bias.default': {'False': [6, 3], 'True': [54, 31]},
                                              'bias.none': {'False': [10, 2], 'True': [12, 7]},
                                              'bias.relation': {'own': [13, 8],
                                                                'same': [2, 1],
                                                                'view': [7, 0]},
                                              'dilation.value': {'drawn': [56, 33],
                                                                 'empty': [2, 0],
                                                                 'single': [2, 1]},
                                              'dtype': {'torch.bfloat16': [7, 2],
                                                        'torch.bool': [15, 11],
                                                        'torch.complex64': [26, 16],
                                                        'torch.float16': [10, 3],
                                                        'torch.float32': [65, 38],
                                                        'torch.float64': [14, 9],
                                                        'torch.int64': [2, 0],
                                                        'torch.int8': [2, 0]},
                                              'ndim': {'2': [3, 0], '3': [57, 34]},
                                              'padding.value': {'drawn': [44, 20],
                                                                'empty': [1, 0],
                                                                'own': [14, 14],
                                                                'single': [1, 0]},
                                              'quantized_engine': {'fbgemm': [8, 2],
                                                                   'onednn': [17, 10],
                                                                   'qnnpack': [16, 14],
                                                                   'x86': [19, 8]},
                                              'square': {'False': [3, 0], 'True': [116, 68]},
                                              'stride.value': {'drawn': [105, 67],
                                                               'empty': [4, 0],
                                                               'own': [7, 1],
                                                               'single': [3, 0]},
                                              'tensors.mode': {'extreme': [1, 1], 'plain': [18, 14]},
                                              'weight.kind': {'dense': [3, 0],
                                                              'has_live_view': [3, 0],
                                                              'is_view': [10, 0],
                                                              'quantized_per_channel': [8, 7],
                                                              'quantized_per_tensor': [92, 61],
                                                              'transposed': [3, 0]},
                                              'weight.mode': {'plain': [12, 0]},
                                              'weight.qdtype': {'torch.qint32': [6, 4],
                                                                'torch.qint8': [45, 40],
                                                                'torch.quint2x4': [12, 0],
                                                                'torch.quint4x2': [25, 17],
                                                                'torch.quint8': [12, 7]},
                                              'weight.shape': {'channels': [5, 0],
                                                               'conv': [108, 72],
                                                               'same': [28, 7]},
                                              'weight.zero_point': {'0': [38, 29], 'None': [10, 5]}},
                                  'total': [60, 34],
                                  'valid_rate': 0.5666666666666667},
                        'target': 'quantized::conv1d_prepack'}},
 'repro': {'op': 'quantized::conv1d_prepack',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0, 1, 1],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'qint8', 1.0, 0]}},
                    None,
                    [1],
                    [0],
                    [1],
                    1],
           'kwargs': {},
           'engine': 'fbgemm'}}

# ---- the repro ----
import torch

torch.backends.quantized.engine = 'fbgemm'  # the quantized engine the call ran under
weight = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(0, 1, 1), 1.0, 0, torch.qint8)
torch.ops.quantized.conv1d_prepack.default(weight, None, [1], [0], [1], 1)


EXPECTED = """dies with SIGFPE
"""
