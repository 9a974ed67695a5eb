# opprop crash repro: aten::_weight_norm_interface dies with SIGFPE (floating-point exception) in aten::_weight_norm_interface on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._weight_norm_interface--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_weight_norm_interface dies with SIGFPE (floating-point exception) in aten::_weight_norm_interface on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_weight_norm_interface',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::_weight_norm_interface'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::_weight_norm_interface',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_weight_norm_interface',
             'called_op': 'aten::_weight_norm_interface',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 3, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'dim': 0,
                        'g': {'device': 'cpu',
                              'dtype': 'float64',
                              'layout': 'strided',
                              'shape': [0, 0],
                              'storage_offset': 0,
                              'stride': [0, 1],
                              'tensor': True},
                        'v': {'device': 'cpu',
                              'dtype': 'float64',
                              'layout': 'strided',
                              'shape': [0, 0],
                              'storage_offset': 0,
                              'stride': [1, 1],
                              'tensor': True}},
             'replay': {'call': "Call(aten::_weight_norm_interface: {'tensor': True, 'dtype': 'float64', "
                                "'shape': [0, 0], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float64', 'shape': [0, 0], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [0, 1], 'storage_offset': "
                                '0}, 0)',
                        'choices': '416401410100410441054101410041004101410441014103',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_weight_norm_interface',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_weight_norm_interface',
                        'example': 3}},
 'repro': {'op': 'aten::_weight_norm_interface',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

v = torch.zeros(0, dtype=torch.float32)
g = torch.zeros(0, dtype=torch.float32)
torch.ops.aten._weight_norm_interface.default(v, g, 0)


EXPECTED = """dies with SIGFPE
"""
