# opprop crash repro: aten::_cummax_helper dies with SIGSEGV (segmentation fault) in aten::_cummax_helper on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._cummax_helper--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_cummax_helper dies with SIGSEGV (segmentation fault) in aten::_cummax_helper on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_cummax_helper',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_cummax_helper'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_cummax_helper',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_cummax_helper',
             'called_op': 'aten::_cummax_helper',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 4, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': 0,
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [3, 0, 3],
                                    'storage_offset': 0,
                                    'stride': [3, 3, 1],
                                    'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [3, 0, 3],
                                 'storage_offset': 0,
                                 'stride': [1, 3, 3],
                                 'tensor': True},
                        'values': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [3, 0, 3],
                                   'storage_offset': 0,
                                   'stride': [1, 3, 3],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::_cummax_helper: {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[3, 0, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 3, 3], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [3, 0, "
                                "3], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 3, 3], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'int64', 'shape': [3, 0, "
                                "3], 'device': 'cpu', 'layout': 'strided', 'stride': [3, 3, 1], "
                                "'storage_offset': 0}, 0)",
                        'choices': '413f014100014102004102410141024101410341004103410c410041014100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_cummax_helper',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_cummax_helper',
                        'example': 4}},
 'repro': {'op': 'aten::_cummax_helper',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 0, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 0, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [1, 0, 1], 'fill': 'zeros'}},
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros(1, 0, 1, dtype=torch.float32)
values = torch.zeros(1, 0, 1, dtype=torch.float32)
indices = torch.zeros(1, 0, 1, dtype=torch.int64)
torch.ops.aten._cummax_helper.default(self, values, indices, 0)


EXPECTED = """dies with SIGSEGV
"""
