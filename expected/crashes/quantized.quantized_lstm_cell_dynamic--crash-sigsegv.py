# opprop crash repro: quantized::quantized_lstm_cell_dynamic dies with SIGSEGV (segmentation fault) in quantized::quantized_lstm_cell_dynamic on torch 2.13.0+cpu.
# Run it with torch and nothing else: python quantized.quantized_lstm_cell_dynamic--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""quantized::quantized_lstm_cell_dynamic dies with SIGSEGV (segmentation fault) in quantized::quantized_lstm_cell_dynamic on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'quantized::quantized_lstm_cell_dynamic',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'quantized::quantized_lstm_cell_dynamic'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in quantized::quantized_lstm_cell_dynamic',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'quantized::quantized_lstm_cell_dynamic',
             'called_op': 'quantized::quantized_lstm_cell_dynamic',
             'detail': {'example': 1, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'bias_hh': {'device': 'cpu',
                                    'dtype': 'float32',
                                    'layout': 'strided',
                                    'shape': [1, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1],
                                    'tensor': True},
                        'bias_ih': {'device': 'cpu',
                                    'dtype': 'float32',
                                    'layout': 'strided',
                                    'shape': [1, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1],
                                    'tensor': True},
                        'hx': [{'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1],
                                'tensor': True}],
                        'input': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [1, 1],
                                  'storage_offset': 0,
                                  'stride': [1, 1],
                                  'tensor': True},
                        'w_hh': {'inputs': {'B': None,
                                            'W': {'device': 'cpu',
                                                  'dtype': 'qint8',
                                                  'layout': 'strided',
                                                  'qscheme': 'per_tensor_affine',
                                                  'shape': [1, 1],
                                                  'storage_offset': 0,
                                                  'stride': [1, 1],
                                                  'tensor': True}},
                                 'produced_by': '_quantized::linear_prepack'},
                        'w_ih': {'inputs': {'B': None,
                                            'W': {'device': 'cpu',
                                                  'dtype': 'qint8',
                                                  'layout': 'strided',
                                                  'qscheme': 'per_tensor_affine',
                                                  'shape': [1, 1],
                                                  'storage_offset': 0,
                                                  'stride': [1, 1],
                                                  'tensor': True}},
                                 'produced_by': '_quantized::linear_prepack'}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(quantized::quantized_lstm_cell_dynamic: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1], 'storage_offset': 0}, [{'tensor': True, 'dtype': 'float32', "
                                "'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}], {'produced_by': '_quantized::linear_prepack', "
                                "'inputs': {'W': {'tensor': True, 'dtype': 'qint8', 'shape': [1, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                "0, 'qscheme': 'per_tensor_affine'}, 'B': None}}, {'produced_by': "
                                "'_quantized::linear_prepack', 'inputs': {'W': {'tensor': True, 'dtype': "
                                "'qint8', 'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1], 'storage_offset': 0, 'qscheme': 'per_tensor_affine'}, 'B': None}}, "
                                "{'tensor': True, 'dtype': 'float32', 'shape': [1, 1], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1, 1], 'storage_offset': 0}, {'tensor': "
                                "True, 'dtype': 'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1, 1], 'storage_offset': 0})",
                        'choices': '410000410041004101410041004100410141004100410041014100410041004100410041004100410041014100410041004100410041004100',
                        'corpus': '/tmp/eng/wt-after/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:quantized::quantized_lstm_cell_dynamic',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'quantized::quantized_lstm_cell_dynamic'}},
 'repro': {'op': 'quantized::quantized_lstm_cell_dynamic',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
                    {'produced': {'op': '_quantized::linear_prepack',
                                  'args': [{'tensor': {'dtype': 'float32',
                                                       'shape': [0, 0],
                                                       'fill': 'zeros',
                                                       'quant': ['per_tensor', 'qint8', 1.0, 0]}}],
                                  'kwargs': {}}},
                    {'produced': {'op': '_quantized::linear_prepack',
                                  'args': [{'tensor': {'dtype': 'float32',
                                                       'shape': [0, 0],
                                                       'fill': 'zeros',
                                                       'quant': ['per_tensor', 'qint8', 1.0, 0]}}],
                                  'kwargs': {}}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.zeros((), dtype=torch.float32)
hx = [torch.zeros((), dtype=torch.float32)]
w_ih_W = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(0, 0), 1.0, 0, torch.qint8)
w_ih = torch.ops._quantized.linear_prepack.default(w_ih_W)
w_hh_W = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(0, 0), 1.0, 0, torch.qint8)
w_hh = torch.ops._quantized.linear_prepack.default(w_hh_W)
bias_ih = torch.zeros((), dtype=torch.float32)
bias_hh = torch.zeros((), dtype=torch.float32)
torch.ops.quantized.quantized_lstm_cell_dynamic.default(input, hx, w_ih, w_hh, bias_ih, bias_hh)


EXPECTED = """dies with SIGSEGV
"""
