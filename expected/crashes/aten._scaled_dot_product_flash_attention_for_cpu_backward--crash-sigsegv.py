# opprop crash repro: aten::_scaled_dot_product_flash_attention_for_cpu_backward dies with SIGSEGV (segmentation fault) in aten::_scaled_dot_product_flash_attention_for_cpu_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._scaled_dot_product_flash_attention_for_cpu_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_scaled_dot_product_flash_attention_for_cpu_backward dies with SIGSEGV (segmentation fault) in aten::_scaled_dot_product_flash_attention_for_cpu_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_scaled_dot_product_flash_attention_for_cpu_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal',
             'what': 'SIGSEGV',
             'op': 'aten::_scaled_dot_product_flash_attention_for_cpu_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in '
                 'aten::_scaled_dot_product_flash_attention_for_cpu_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_scaled_dot_product_flash_attention_for_cpu_backward',
             'called_op': 'aten::_scaled_dot_product_flash_attention_for_cpu_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 4, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'attn_mask': None,
                        'dropout_p': 2.0,
                        'grad_out': {'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'strided',
                                     'shape': [1, 1, 1, 1],
                                     'storage_offset': 0,
                                     'stride': [1, 1, 1, 1],
                                     'tensor': True},
                        'is_causal': False,
                        'key': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [1, 1, 1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1, 1, 1],
                                'tensor': True},
                        'logsumexp': {'device': 'cpu',
                                      'dtype': 'float32',
                                      'layout': 'strided',
                                      'shape': [1, 1, 1, 1],
                                      'storage_offset': 0,
                                      'stride': [1, 1, 1, 1],
                                      'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [1, 1, 1, 1],
                                'storage_offset': 1,
                                'stride': [1, 1, 1, 1],
                                'tensor': True},
                        'query': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [1, 1, 1, 1],
                                  'storage_offset': 0,
                                  'stride': [2, 2, 2, 2],
                                  'tensor': True},
                        'scale': None,
                        'value': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [0, 1, 1, 1],
                                  'storage_offset': 0,
                                  'stride': [1, 1, 1, 1],
                                  'tensor': True}},
             'replay': {'call': "Call(aten::_scaled_dot_product_flash_attention_for_cpu_backward: {'tensor': "
                                "True, 'dtype': 'float32', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, "
                                "'dtype': 'float32', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [2, 2, 2, 2], 'storage_offset': 0}, {'tensor': True, "
                                "'dtype': 'float32', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, "
                                "'dtype': 'float32', 'shape': [0, 1, 1, 1], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, "
                                "'dtype': 'float32', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1, 1, 1, 1], 'storage_offset': 1}, {'tensor': True, "
                                "'dtype': 'float32', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1, 1, 1, 1], 'storage_offset': 0}, 2.0, False, "
                                'attn_mask=None, scale=None)',
                        'choices': '412a0141030141010041004103410441004101410e41024106410641034101410441020041004102',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_scaled_dot_product_flash_attention_for_cpu_backward',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_scaled_dot_product_flash_attention_for_cpu_backward',
                        'example': 4}},
 'repro': {'op': 'aten::_scaled_dot_product_flash_attention_for_cpu_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1, 1], 'fill': 'zeros'}},
                    0.0,
                    False],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_out = torch.zeros(1, 1, 1, 1, dtype=torch.float32)
query = torch.zeros(1, 1, 1, 1, dtype=torch.float32)
key = torch.zeros(1, 1, 1, 1, dtype=torch.float32)
value = torch.zeros(0, 1, 1, 1, dtype=torch.float32)
out_ = torch.zeros(1, 1, 1, 1, dtype=torch.float32)
logsumexp = torch.zeros(1, 1, 1, 1, dtype=torch.float32)
torch.ops.aten._scaled_dot_product_flash_attention_for_cpu_backward.default(grad_out, query, key, value, out_, logsumexp, 0.0, False)


EXPECTED = """dies with SIGSEGV
"""
