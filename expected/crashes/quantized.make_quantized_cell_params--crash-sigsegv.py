# opprop crash repro: quantized::make_quantized_cell_params dies with SIGSEGV (segmentation fault) in quantized::make_quantized_cell_params on torch 2.13.0+cpu.
# Run it with torch and nothing else: python quantized.make_quantized_cell_params--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""quantized::make_quantized_cell_params dies with SIGSEGV (segmentation fault) in quantized::make_quantized_cell_params on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'quantized::make_quantized_cell_params',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'quantized::make_quantized_cell_params'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in quantized::make_quantized_cell_params',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'quantized::make_quantized_cell_params',
             'called_op': 'quantized::make_quantized_cell_params',
             'detail': {'example': 23, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'b_hh': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 2, 3, 0],
                                 'storage_offset': 0,
                                 'stride': [6, 3, 1, 1],
                                 'tensor': True},
                        'b_ih': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 2, 3, 0],
                                 'storage_offset': 0,
                                 'stride': [6, 3, 1, 1],
                                 'tensor': True},
                        'w_hh': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 2, 3, 0],
                                 'storage_offset': 1,
                                 'stride': [6, 3, 1, 1],
                                 'tensor': True},
                        'w_ih': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 2, 3, 0],
                                 'storage_offset': 0,
                                 'stride': [6, 3, 1, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(quantized::make_quantized_cell_params: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [2, 2, 3, 0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [6, 3, 1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [2, 2, 3, 0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [6, 3, 1, 1], 'storage_offset': 1}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [2, 2, 3, 0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [6, 3, 1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [2, 2, 3, 0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [6, 3, 1, 1], 'storage_offset': 0})",
                        'choices': '42008200410341014102410241034100410d41044105410141034100',
                        'corpus': '/tmp/eng/wt-after/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:quantized::make_quantized_cell_params',
                        'steer': {'choices': {'b_hh.kind': {'dense': [13, 4],
                                                            'has_live_view': [1, 0],
                                                            'is_view': [3, 2],
                                                            'transposed': [2, 0]},
                                              'b_hh.mode': {'plain': [19, 6]},
                                              'b_hh.relation': {'own': [19, 6], 'partial': [1, 1]},
                                              'b_ih.kind': {'dense': [10, 4],
                                                            'has_live_view': [2, 1],
                                                            'is_view': [6, 0],
                                                            'transposed': [2, 2]},
                                              'b_ih.mode': {'extreme': [1, 1], 'plain': [19, 6]},
                                              'b_ih.relation': {'own': [20, 7]},
                                              'dtype': {'torch.bool': [5, 0],
                                                        'torch.float16': [1, 0],
                                                        'torch.float32': [12, 7],
                                                        'torch.float64': [2, 0]},
                                              'ndim': {'0': [1, 0], '1': [5, 0], '2': [13, 7], '3': [1, 0]},
                                              'quantized_engine': {'fbgemm': [1, 1],
                                                                   'onednn': [6, 0],
                                                                   'x86': [13, 6]},
                                              'square': {'False': [7, 1], 'True': [13, 6]},
                                              'w_hh.kind': {'dense': [11, 4],
                                                            'is_view': [3, 1],
                                                            'transposed': [3, 2]},
                                              'w_hh.mode': {'plain': [17, 7]},
                                              'w_hh.relation': {'own': [17, 7],
                                                                'partial': [2, 0],
                                                                'same': [1, 0]},
                                              'w_ih.kind': {'dense': [11, 5],
                                                            'has_live_view': [3, 2],
                                                            'is_view': [6, 0]},
                                              'w_ih.mode': {'plain': [19, 7], 'visible': [1, 0]}},
                                  'total': [20, 7],
                                  'valid_rate': 0.35},
                        'target': 'quantized::make_quantized_cell_params'}},
 'repro': {'op': 'quantized::make_quantized_cell_params',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

w_ih = torch.zeros(0, 0, dtype=torch.float32)
w_hh = torch.zeros(1, 1, 0, dtype=torch.float32)
b_ih = torch.zeros((), dtype=torch.float32)
b_hh = torch.zeros((), dtype=torch.float32)
torch.ops.quantized.make_quantized_cell_params.default(w_ih, w_hh, b_ih, b_hh)


EXPECTED = """dies with SIGSEGV
"""
