# opprop crash repro: quantized::embedding_bag_4bit dies with SIGSEGV (segmentation fault) in quantized::embedding_bag_4bit on torch 2.13.0+cpu.
# Run it with torch and nothing else: python quantized.embedding_bag_4bit--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""quantized::embedding_bag_4bit dies with SIGSEGV (segmentation fault) in quantized::embedding_bag_4bit on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'quantized::embedding_bag_4bit',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'quantized::embedding_bag_4bit'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in quantized::embedding_bag_4bit',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '{anonymous}::_embedding_bag_nbit_helper (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'quantized::embedding_bag_4bit',
             'called_op': 'quantized::embedding_bag_4bit',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 2, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'weight': {'produced_by': 'quantized::embedding_bag_prepack',
                                   'inputs': {'weight': {'tensor': True,
                                                         'dtype': 'quint8',
                                                         'shape': [2, 4],
                                                         'device': 'cpu',
                                                         'layout': 'strided',
                                                         'stride': [4, 1],
                                                         'storage_offset': 0,
                                                         'qscheme': 'per_channel_affine_float_qparams'}}},
                        'indices': {'tensor': True,
                                    'dtype': 'int64',
                                    'shape': [2],
                                    'device': 'cpu',
                                    'layout': 'strided',
                                    'stride': [1],
                                    'storage_offset': 0},
                        'offsets': {'tensor': True,
                                    'dtype': 'int64',
                                    'shape': [3],
                                    'device': 'cpu',
                                    'layout': 'strided',
                                    'stride': [1],
                                    'storage_offset': 0},
                        'scale_grad_by_freq': False,
                        'mode': 0,
                        'pruned_weights': False,
                        'per_sample_weights': {'tensor': True,
                                               'dtype': 'float32',
                                               'shape': [0, 1],
                                               'device': 'cpu',
                                               'layout': 'strided',
                                               'stride': [1, 1],
                                               'storage_offset': 0},
                        'compressed_indices_mapping': {'tensor': True,
                                                       'dtype': 'float32',
                                                       'shape': [0, 1],
                                                       'device': 'cpu',
                                                       'layout': 'strided',
                                                       'stride': [1, 1],
                                                       'storage_offset': 0},
                        'include_last_offset': False},
             'replay': {'database_key': 'opprop-fuzz:quantized::embedding_bag_4bit',
                        'target': 'quantized::embedding_bag_4bit',
                        'choices': '41024100410041014100410041004100410141004100410041004100410041004100',
                        'steer': {'total': [0, 0], 'valid_rate': None, 'choices': {}},
                        'strategy': 'scheduled',
                        'call': "Call(quantized::embedding_bag_4bit: {'produced_by': "
                                "'quantized::embedding_bag_prepack', 'inputs': {'weight': {'tensor': True, "
                                "'dtype': 'quint8', 'shape': [2, 4], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [4, 1], 'storage_offset': 0, 'qscheme': "
                                "'per_channel_affine_float_qparams'}}}, {'tensor': True, 'dtype': 'int64', "
                                "'shape': [2], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'int64', 'shape': [3], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0}, "
                                "False, 0, False, {'tensor': True, 'dtype': 'float32', 'shape': [0, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                "0}, {'tensor': True, 'dtype': 'float32', 'shape': [0, 1], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1, 1], 'storage_offset': 0}, False)"}},
 'repro': {'op': 'quantized::embedding_bag_4bit',
           'args': [{'produced': {'op': 'quantized::embedding_bag_prepack',
                                  'args': [{'tensor': {'dtype': 'float32',
                                                       'shape': [1, 0],
                                                       'fill': 'zeros',
                                                       'quant': ['per_channel_float',
                                                                 'quint8',
                                                                 0,
                                                                 [1.0],
                                                                 [0.0]]}}],
                                  'kwargs': {}}},
                    {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'zeros'}},
                    False,
                    0,
                    False,
                    {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    None],
           'kwargs': {}}}

# ---- the repro ----
import torch

weight_weight = torch.quantize_per_channel(torch.zeros(0, dtype=torch.float32).reshape(1, 0), torch.tensor([1.0], dtype=torch.double), torch.tensor([0.0], dtype=torch.float32), 0, torch.quint8)
weight = torch.ops.quantized.embedding_bag_prepack.default(weight_weight)
indices = torch.zeros(1, dtype=torch.int64)
offsets = torch.zeros(1, dtype=torch.int64)
per_sample_weights = torch.zeros(0, dtype=torch.float32)
torch.ops.quantized.embedding_bag_4bit.default(weight, indices, offsets, False, 0, False, per_sample_weights, None)


EXPECTED = """dies with SIGSEGV
"""
