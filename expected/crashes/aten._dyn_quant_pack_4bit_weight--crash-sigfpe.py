# opprop crash repro: aten::_dyn_quant_pack_4bit_weight dies with SIGFPE (floating-point exception) in aten::_dyn_quant_pack_4bit_weight on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._dyn_quant_pack_4bit_weight--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_dyn_quant_pack_4bit_weight dies with SIGFPE (floating-point exception) in aten::_dyn_quant_pack_4bit_weight on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_dyn_quant_pack_4bit_weight',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::_dyn_quant_pack_4bit_weight'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::_dyn_quant_pack_4bit_weight',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_dyn_quant_pack_4bit_weight',
             'called_op': 'aten::_dyn_quant_pack_4bit_weight',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 5, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'bias': None,
                        'block_size': 0,
                        'in_features': 2,
                        'out_features': 2,
                        'scales_zeros': {'device': 'cpu',
                                         'dtype': 'uint8',
                                         'layout': 'strided',
                                         'shape': [],
                                         'storage_offset': 0,
                                         'stride': [],
                                         'tensor': True},
                        'weights': {'device': 'cpu',
                                    'dtype': 'uint8',
                                    'layout': 'strided',
                                    'shape': [],
                                    'storage_offset': 0,
                                    'stride': [],
                                    'tensor': True}},
             'replay': {'call': "Call(aten::_dyn_quant_pack_4bit_weight: {'tensor': True, 'dtype': 'uint8', "
                                "'shape': [], 'device': 'cpu', 'layout': 'strided', 'stride': [], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'uint8', 'shape': [], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [], 'storage_offset': 0}, "
                                'None, 0, 2, 2)',
                        'choices': '4166014101004104410141014102410041014100410041024102',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_dyn_quant_pack_4bit_weight',
                        'steer': {'choices': {'bias.default': {'False': [5, 0], 'True': [64, 1]},
                                              'dtype': {'torch.bfloat16': [7, 0],
                                                        'torch.bool': [13, 0],
                                                        'torch.complex64': [4, 0],
                                                        'torch.float16': [4, 0],
                                                        'torch.float32': [9, 0],
                                                        'torch.float64': [7, 0],
                                                        'torch.int32': [13, 0],
                                                        'torch.int64': [10, 0],
                                                        'torch.int8': [1, 0],
                                                        'torch.uint8': [1, 1]},
                                              'ndim': {'0': [21, 1],
                                                       '1': [24, 0],
                                                       '2': [12, 0],
                                                       '3': [7, 0],
                                                       '4': [5, 0]},
                                              'scales_zeros.relation': {'own': [19, 0],
                                                                        'partial': [6, 0],
                                                                        'same': [43, 1],
                                                                        'view': [1, 0]},
                                              'square': {'False': [3, 0], 'True': [66, 1]},
                                              'weights.kind': {'dense': [50, 1],
                                                               'has_live_view': [3, 0],
                                                               'is_view': [9, 0],
                                                               'transposed': [7, 0]},
                                              'weights.mode': {'extreme': [1, 0],
                                                               'offset': [1, 0],
                                                               'plain': [60, 1],
                                                               'visible': [3, 0],
                                                               'zero_dim': [1, 0],
                                                               'zero_size': [3, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::_dyn_quant_pack_4bit_weight',
                        'example': 5}},
 'repro': {'op': 'aten::_dyn_quant_pack_4bit_weight',
           'args': [{'tensor': {'dtype': 'uint8', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'uint8', 'shape': [], 'fill': 'zeros'}},
                    None,
                    0,
                    2,
                    2],
           'kwargs': {}}}

# ---- the repro ----
import torch

weights = torch.zeros((), dtype=torch.uint8)
scales_zeros = torch.zeros((), dtype=torch.uint8)
torch.ops.aten._dyn_quant_pack_4bit_weight.default(weights, scales_zeros, None, 0, 2, 2)


EXPECTED = """dies with SIGFPE
"""
