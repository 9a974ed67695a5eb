# opprop crash repro: aten::quantized_lstm_cell dies with SIGSEGV (segmentation fault) in aten::quantized_lstm_cell on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.quantized_lstm_cell--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::quantized_lstm_cell dies with SIGSEGV (segmentation fault) in aten::quantized_lstm_cell on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::quantized_lstm_cell',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::quantized_lstm_cell'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::quantized_lstm_cell',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::quantized_lstm_cell',
             'called_op': 'aten::quantized_lstm_cell',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 1, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'b_hh': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'b_ih': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'col_offsets_hh': {'device': 'cpu',
                                           'dtype': 'float32',
                                           'layout': 'strided',
                                           'shape': [1, 1],
                                           'storage_offset': 0,
                                           'stride': [1, 1],
                                           'tensor': True},
                        'col_offsets_ih': {'device': 'cpu',
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
                        'packed_hh': {'device': 'cpu',
                                      'dtype': 'float32',
                                      'layout': 'strided',
                                      'shape': [1, 1],
                                      'storage_offset': 0,
                                      'stride': [1, 1],
                                      'tensor': True},
                        'packed_ih': {'device': 'cpu',
                                      'dtype': 'float32',
                                      'layout': 'strided',
                                      'shape': [1, 1],
                                      'storage_offset': 0,
                                      'stride': [1, 1],
                                      'tensor': True},
                        'scale_hh': 1,
                        'scale_ih': 1,
                        'w_hh': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'w_ih': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'zero_point_hh': 1,
                        'zero_point_ih': 1},
             'replay': {'call': "Call(aten::quantized_lstm_cell: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, [{'tensor': True, 'dtype': 'float32', 'shape': [1, "
                                "1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}], {'tensor': True, 'dtype': 'float32', 'shape': [1, "
                                "1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                "0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, 1], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1, 1], 'storage_offset': 0}, {'tensor': "
                                "True, 'dtype': 'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1, 1], 'storage_offset': 0}, {'tensor': True, "
                                "'dtype': 'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                '0}, 1, 1, 1, 1)',
                        'choices': '410000410041004101410041004101410041004100410041004100410041004100410041004100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::quantized_lstm_cell',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::quantized_lstm_cell',
                        'example': 1}},
 'repro': {'op': 'aten::quantized_lstm_cell',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}}],
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    1,
                    1,
                    1,
                    1],
           'kwargs': {}}}

# ---- the repro ----
import torch

t = torch.zeros(1, 1, dtype=torch.float32)  # every tensor argument: zeros of shape [1, 1]
hx = [t]  # the LSTM cell's hidden state needs two tensors (h, c): one is given
torch.ops.aten.quantized_lstm_cell.default(t, hx, t, t, t, t, t, t, t, t, 1, 1, 1, 1)


EXPECTED = """dies with SIGSEGV
"""
