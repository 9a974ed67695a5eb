# opprop crash repro: aten::quantize_per_channel dies with SIGILL (illegal instruction) in aten::quantize_per_channel on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.quantize_per_channel--crash-sigill.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::quantize_per_channel dies with SIGILL (illegal instruction) in aten::quantize_per_channel on torch 2.13.0+cpu.

Public entry point: `torch.quantize_per_channel(self, scales, zero_points, 0, torch.qint32)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::quantize_per_channel',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGILL', 'op': 'aten::quantize_per_channel'},
 'outcome_text': 'dies with SIGILL (illegal instruction) in aten::quantize_per_channel',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.quantize_per_channel(self, scales, zero_points, 0, torch.qint32)`',
 'frame': 'at::native::{anonymous}::quantize_tensor_per_channel_float_qparams_cpu (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::quantize_per_channel',
             'called_op': 'aten::quantize_per_channel',
             'detail': {'example': 94, 'phase': 'example', 'signal': 'SIGILL'},
             'inputs': {'axis': 0,
                        'dtype': 'torch.qint32',
                        'scales': {'device': 'cpu',
                                   'dtype': 'float64',
                                   'layout': 'strided',
                                   'shape': [2],
                                   'storage_offset': 0,
                                   'stride': [1],
                                   'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 2],
                                 'storage_offset': 0,
                                 'stride': [2, 1],
                                 'tensor': True},
                        'zero_points': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [2],
                                        'storage_offset': 0,
                                        'stride': [1],
                                        'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::quantize_per_channel: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [2, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float64', 'shape': [2], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0}, "
                                "{'tensor': True, 'dtype': 'float32', 'shape': [2], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1], 'storage_offset': 0}, 0, "
                                "'torch.qint32')",
                        'choices': '41780041014100410241014100410141014102',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::quantize_per_channel',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [3, 0],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float16': [3, 0],
                                                        'torch.float32': [113, 71],
                                                        'torch.float64': [4, 0],
                                                        'torch.int64': [5, 0],
                                                        'torch.int8': [1, 0]},
                                              'dtype.dtype': {'torch.bfloat16': [5, 0],
                                                              'torch.bool': [3, 0],
                                                              'torch.complex64': [3, 0],
                                                              'torch.float16': [2, 0],
                                                              'torch.float32': [8, 0],
                                                              'torch.float64': [2, 0],
                                                              'torch.int32': [1, 0],
                                                              'torch.int64': [4, 0],
                                                              'torch.int8': [1, 0],
                                                              'torch.qint32': [20, 12],
                                                              'torch.qint8': [19, 13],
                                                              'torch.quint8': [68, 46]},
                                              'dtype.value': {'drawn': [55, 45], 'own': [5, 0]},
                                              'ndim': {'0': [3, 0],
                                                       '1': [3, 0],
                                                       '2': [123, 71],
                                                       '3': [3, 0],
                                                       '4': [4, 0]},
                                              'scales.dtype': {'torch.float32': [37, 34],
                                                               'torch.float64': [12, 11]},
                                              'scales.relation': {'own': [49, 45],
                                                                  'partial': [2, 0],
                                                                  'same': [8, 0],
                                                                  'view': [1, 0]},
                                              'self.kind': {'dense': [103, 63],
                                                            'has_live_view': [5, 0],
                                                            'is_view': [3, 0],
                                                            'transposed': [25, 8]},
                                              'self.mode': {'expanded': [3, 0],
                                                            'extreme': [9, 6],
                                                            'offset': [2, 2],
                                                            'plain': [108, 59],
                                                            'sliced': [2, 1],
                                                            'transposed': [6, 3],
                                                            'zero_dim': [3, 0],
                                                            'zero_size': [3, 0]},
                                              'square': {'False': [6, 0], 'True': [130, 71]},
                                              'tensors.mode': {'extreme': [4, 4],
                                                               'offset': [2, 2],
                                                               'plain': [21, 20],
                                                               'sliced': [1, 1],
                                                               'transposed': [5, 3],
                                                               'zero_size': [4, 0]},
                                              'zero_points.dtype': {'torch.float32': [28, 15],
                                                                    'torch.int32': [96, 56],
                                                                    'torch.int64': [3, 0]},
                                              'zero_points.relation': {'own': [127, 71],
                                                                       'partial': [3, 0],
                                                                       'same': [3, 0],
                                                                       'view': [3, 0]}},
                                  'total': [60, 45],
                                  'valid_rate': 0.75},
                        'target': 'aten::quantize_per_channel'}},
 'repro': {'op': 'aten::quantize_per_channel',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}},
                    0,
                    {'literal': 'torch.qint32'}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros(1, dtype=torch.float32)
scales = torch.zeros(1, dtype=torch.float32)
zero_points = torch.zeros(1, dtype=torch.float32)
torch.ops.aten.quantize_per_channel.default(self, scales, zero_points, 0, torch.qint32)


EXPECTED = """dies with SIGILL
"""
