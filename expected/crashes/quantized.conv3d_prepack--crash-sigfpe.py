# opprop crash repro: quantized::conv3d_prepack dies with SIGFPE (floating-point exception) in quantized::conv3d_prepack on torch 2.13.0+cpu.
# Run it with torch and nothing else: python quantized.conv3d_prepack--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""quantized::conv3d_prepack dies with SIGFPE (floating-point exception) in quantized::conv3d_prepack on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'quantized::conv3d_prepack',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'quantized::conv3d_prepack'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in quantized::conv3d_prepack',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'quantized::conv3d.new',
             'called_op': 'quantized::conv3d.new',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 19, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'output_scale': 0.0,
                        'output_zero_point': 2,
                        'packed_weight': {'inputs': {'bias': None,
                                                     'dilation': [1, 1, 1],
                                                     'groups': 1,
                                                     'padding': [0, 0, 0],
                                                     'stride': [1, 1, 1],
                                                     'weight': {'device': 'cpu',
                                                                'dtype': 'qint8',
                                                                'layout': 'strided',
                                                                'qscheme': 'per_tensor_affine',
                                                                'shape': [0, 2, 2, 2, 2],
                                                                'storage_offset': 0,
                                                                'stride': [16, 8, 4, 2, 1],
                                                                'tensor': True}},
                                          'produced_by': 'quantized::conv3d_prepack'},
                        'qx': {'device': 'cpu',
                               'dtype': 'quint8',
                               'layout': 'strided',
                               'qscheme': 'per_tensor_affine',
                               'shape': [0, 2, 2, 2, 2],
                               'storage_offset': 0,
                               'stride': [16, 8, 4, 2, 1],
                               'tensor': True}},
             'replay': {'call': "Call(quantized::conv3d.new: {'tensor': True, 'dtype': 'quint8', 'shape': "
                                "[0, 2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [16, 8, 4, "
                                "2, 1], 'storage_offset': 0, 'qscheme': 'per_tensor_affine'}, "
                                "{'produced_by': 'quantized::conv3d_prepack', 'inputs': {'weight': "
                                "{'tensor': True, 'dtype': 'qint8', 'shape': [0, 2, 2, 2, 2], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [16, 8, 4, 2, 1], 'storage_offset': "
                                "0, 'qscheme': 'per_tensor_affine'}, 'bias': None, 'stride': [1, 1, 1], "
                                "'padding': [0, 0, 0], 'dilation': [1, 1, 1], 'groups': 1}}, 0.0, 2)",
                        'choices': '41054100410141024102410341014101410141004102410141014105410541014101410241014102',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:quantized::conv3d.new',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [3, 0],
                                                        'torch.bool': [6, 6],
                                                        'torch.complex64': [8, 0],
                                                        'torch.float32': [28, 10],
                                                        'torch.float64': [4, 0],
                                                        'torch.int64': [9, 0],
                                                        'torch.uint8': [1, 0]},
                                              'ndim': {'4': [11, 0], '5': [48, 16]},
                                              'output_scale.value': {'drawn': [14, 2],
                                                                     'extreme': [7, 2],
                                                                     'one': [5, 3],
                                                                     'zero': [33, 9]},
                                              'packed_weight.producer': {'_quantized::conv3d_prepack': [43,
                                                                                                        11],
                                                                         '_quantized::conv_transpose3d_prepack': [3,
                                                                                                                  1],
                                                                         'quantized::conv3d_prepack': [9, 4],
                                                                         'quantized::conv_transpose3d_prepack': [4,
                                                                                                                 0]},
                                              'packed_weight>dtype': {'torch.bfloat16': [6, 6],
                                                                      'torch.bool': [3, 1],
                                                                      'torch.complex64': [4, 0],
                                                                      'torch.float16': [6, 3],
                                                                      'torch.float32': [29, 6],
                                                                      'torch.float64': [7, 0],
                                                                      'torch.int64': [4, 0]},
                                              'packed_weight>ndim': {'4': [4, 0], '5': [55, 16]},
                                              'packed_weight>square': {'False': [3, 0], 'True': [56, 16]},
                                              'packed_weight>weight.kind': {'dense': [10, 0],
                                                                            'has_live_view': [6, 0],
                                                                            'quantized_per_channel': [17, 5],
                                                                            'quantized_per_tensor': [23, 11],
                                                                            'transposed': [3, 0]},
                                              'packed_weight>weight.shape': {'channels': [4, 0],
                                                                             'conv': [51, 15],
                                                                             'same': [4, 1]},
                                              'quantized_engine': {'fbgemm': [3, 0],
                                                                   'onednn': [9, 0],
                                                                   'qnnpack': [8, 1],
                                                                   'x86': [39, 15]},
                                              'qx.kind': {'dense': [2, 0],
                                                          'has_live_view': [10, 0],
                                                          'quantized_per_channel': [1, 0],
                                                          'quantized_per_tensor': [44, 16],
                                                          'transposed': [2, 0]},
                                              'qx.qdtype': {'torch.qint32': [3, 0],
                                                            'torch.qint8': [13, 0],
                                                            'torch.quint2x4': [2, 0],
                                                            'torch.quint4x2': [3, 0],
                                                            'torch.quint8': [24, 16]},
                                              'qx.zero_point': {'0': [4, 0], 'None': [41, 16]},
                                              'square': {'False': [13, 1], 'True': [46, 15]},
                                              'tensors.mode': {'plain': [11, 4], 'sliced': [7, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'quantized::conv3d.new',
                        'example': 19}},
 'repro': {'op': 'quantized::conv3d_prepack',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0, 2, 2, 2, 2],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'qint8', 1.0, 0]}},
                    None,
                    [1, 1, 1],
                    [0, 0, 0],
                    [1, 1, 1],
                    1],
           'kwargs': {},
           'engine': 'fbgemm'}}

# ---- the repro ----
import torch

torch.backends.quantized.engine = 'fbgemm'  # the quantized engine the call ran under
weight = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(0, 2, 2, 2, 2), 1.0, 0, torch.qint8)
torch.ops.quantized.conv3d_prepack.default(weight, None, [1, 1, 1], [0, 0, 0], [1, 1, 1], 1)


EXPECTED = """dies with SIGFPE
"""
