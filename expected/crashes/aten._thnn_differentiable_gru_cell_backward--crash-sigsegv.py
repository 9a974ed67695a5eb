# opprop crash repro: aten::_thnn_differentiable_gru_cell_backward dies with SIGSEGV (segmentation fault) in aten::_thnn_differentiable_gru_cell_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._thnn_differentiable_gru_cell_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_thnn_differentiable_gru_cell_backward dies with SIGSEGV (segmentation fault) in aten::_thnn_differentiable_gru_cell_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_thnn_differentiable_gru_cell_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_thnn_differentiable_gru_cell_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_thnn_differentiable_gru_cell_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_thnn_differentiable_gru_cell_backward',
             'called_op': 'aten::_thnn_differentiable_gru_cell_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 1, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_hy': {'device': 'cpu',
                                    'dtype': 'float32',
                                    'layout': 'strided',
                                    'shape': [1, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1],
                                    'tensor': True},
                        'hidden_bias': None,
                        'hidden_gates': {'device': 'cpu',
                                         'dtype': 'float32',
                                         'layout': 'strided',
                                         'shape': [1, 1],
                                         'storage_offset': 0,
                                         'stride': [1, 1],
                                         'tensor': True},
                        'hx': {'device': 'cpu',
                               'dtype': 'float32',
                               'layout': 'strided',
                               'shape': [1, 1],
                               'storage_offset': 0,
                               'stride': [1, 1],
                               'tensor': True},
                        'input_bias': None,
                        'input_gates': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [1, 1],
                                        'storage_offset': 0,
                                        'stride': [1, 1],
                                        'tensor': True}},
             'replay': {'call': "Call(aten::_thnn_differentiable_gru_cell_backward: {'tensor': True, "
                                "'dtype': 'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                '0}, None, None)',
                        'choices': '4100004100410041014100410041004100410041004100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_thnn_differentiable_gru_cell_backward',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_thnn_differentiable_gru_cell_backward',
                        'example': 1}},
 'repro': {'op': 'aten::_thnn_differentiable_gru_cell_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    None,
                    None],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_hy = torch.zeros(1, 1, dtype=torch.float32)
input_gates = torch.zeros(1, 1, dtype=torch.float32)
hidden_gates = torch.zeros(1, 1, dtype=torch.float32)
hx = torch.zeros(1, 1, dtype=torch.float32)
torch.ops.aten._thnn_differentiable_gru_cell_backward.default(grad_hy, input_gates, hidden_gates, hx, None, None)


EXPECTED = """dies with SIGSEGV
"""
