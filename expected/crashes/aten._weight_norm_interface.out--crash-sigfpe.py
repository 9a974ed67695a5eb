# opprop crash repro: aten::_weight_norm_interface.out dies with SIGFPE (floating-point exception) in aten::_weight_norm_interface.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._weight_norm_interface.out--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_weight_norm_interface.out dies with SIGFPE (floating-point exception) in aten::_weight_norm_interface.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_weight_norm_interface.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::_weight_norm_interface.out'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::_weight_norm_interface.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_weight_norm_interface.out',
             'called_op': 'aten::_weight_norm_interface.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 9, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'dim': 0,
                        'g': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [0, 1],
                              'storage_offset': 0,
                              'stride': [1, 1],
                              'tensor': True},
                        'out0': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'out1': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'v': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [0, 1],
                              'storage_offset': 0,
                              'stride': [1, 1],
                              'tensor': True}},
             'replay': {'call': "Call(aten::_weight_norm_interface.out: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [0, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [0, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                "0}, 0, out0={'tensor': True, 'dtype': 'float32', 'shape': [0], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0}, "
                                "out1={'tensor': True, 'dtype': 'float32', 'shape': [0], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1], 'storage_offset': 0})",
                        'choices': '4100014100014103004100410241094103410141004101410241044101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_weight_norm_interface.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_weight_norm_interface.out',
                        'example': 9}},
 'repro': {'op': 'aten::_weight_norm_interface.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    0],
           'kwargs': {'out0': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                      'out1': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

v = torch.zeros(0, dtype=torch.float32)
g = torch.zeros(0, dtype=torch.float32)
out0 = torch.zeros(0, dtype=torch.float32)
out1 = torch.zeros(0, dtype=torch.float32)
torch.ops.aten._weight_norm_interface.out(v, g, 0, out0=out0, out1=out1)


EXPECTED = """dies with SIGFPE
"""
