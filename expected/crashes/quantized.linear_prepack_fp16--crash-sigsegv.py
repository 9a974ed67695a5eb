# opprop crash repro: quantized::linear_prepack_fp16 dies with SIGSEGV (segmentation fault) in quantized::linear_prepack_fp16 on torch 2.13.0+cpu.
# Run it with nothing but torch: python quantized.linear_prepack_fp16--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""quantized::linear_prepack_fp16 dies with SIGSEGV (segmentation fault) in quantized::linear_prepack_fp16 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'quantized::linear_prepack_fp16',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'quantized::linear_prepack_fp16'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in quantized::linear_prepack_fp16',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-05',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'quantized::linear_unpack',
             'called_op': 'quantized::linear_unpack',
             'detail': {'example': 280, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'W_prepack': 'quantized::linear_prepack_fp16(...)'},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(quantized::linear_unpack: 'quantized::linear_prepack_fp16(...)')",
                        'choices': '41084101410141034103410041014101410141014103410341004101410541014102',
                        'database_key': 'opprop-fuzz:quantized::linear_unpack',
                        'steer': {'choices': {'W_prepack.producer': {'_quantized::linear_prepack': [13, 0],
                                                                     '_quantized::linear_prepack_fp16': [101,
                                                                                                         87],
                                                                     'quantized::linear_prepack': [3, 0],
                                                                     'quantized::linear_prepack_fp16': [24,
                                                                                                        21]},
                                              'W_prepack>B.default': {'False': [32, 19], 'True': [109, 89]},
                                              'W_prepack>B.kind': {'dense': [2, 1],
                                                                   'has_live_view': [7, 3],
                                                                   'is_view': [1, 0],
                                                                   'transposed': [4, 1]},
                                              'W_prepack>B.none': {'False': [14, 5], 'True': [18, 14]},
                                              'W_prepack>W.kind': {'dense': [93, 86],
                                                                   'has_live_view': [3, 0],
                                                                   'is_view': [20, 14],
                                                                   'quantized_per_channel': [5, 0],
                                                                   'quantized_per_tensor': [7, 0],
                                                                   'transposed': [13, 8]},
                                              'W_prepack>W.qdtype': {'torch.qint32': [1, 0],
                                                                     'torch.quint8': [11, 0]},
                                              'W_prepack>dtype': {'torch.bfloat16': [2, 1],
                                                                  'torch.bool': [16, 14],
                                                                  'torch.complex64': [12, 7],
                                                                  'torch.float16': [7, 7],
                                                                  'torch.float32': [66, 51],
                                                                  'torch.float64': [21, 16],
                                                                  'torch.int32': [8, 6],
                                                                  'torch.int64': [5, 5],
                                                                  'torch.int8': [2, 1],
                                                                  'torch.uint8': [2, 0]},
                                              'W_prepack>ndim': {'0': [10, 0],
                                                                 '1': [8, 0],
                                                                 '2': [105, 91],
                                                                 '3': [13, 12],
                                                                 '4': [5, 5]},
                                              'W_prepack>square': {'False': [21, 17], 'True': [120, 91]},
                                              'dtype': {'torch.bfloat16': [10, 9],
                                                        'torch.bool': [15, 13],
                                                        'torch.complex64': [21, 17],
                                                        'torch.float32': [67, 57],
                                                        'torch.float64': [4, 0],
                                                        'torch.int32': [9, 3],
                                                        'torch.int64': [4, 4],
                                                        'torch.int8': [1, 1],
                                                        'torch.uint8': [10, 4]},
                                              'ndim': {'0': [22, 19],
                                                       '1': [78, 66],
                                                       '2': [15, 1],
                                                       '3': [17, 13],
                                                       '4': [9, 9]},
                                              'square': {'False': [31, 21], 'True': [110, 87]},
                                              'tensors.mode': {'plain': [9, 6]}},
                                  'total': [141, 108],
                                  'valid_rate': 0.7659574468085106},
                        'target': 'quantized::linear_unpack'}},
 'repro': {'op': 'quantized::linear_prepack_fp16',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1, 0], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

W = torch.zeros(1, 1, 0, dtype=torch.float32)
torch.ops.quantized.linear_prepack_fp16.default(W)


EXPECTED = """dies with SIGSEGV
"""
