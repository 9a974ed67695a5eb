# opprop crash repro: aten::_logcumsumexp.out dies with SIGABRT (abort) in aten::_logcumsumexp.out on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten._logcumsumexp.out--crash-sigabrt.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_logcumsumexp.out dies with SIGABRT (abort) in aten::_logcumsumexp.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_logcumsumexp.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGABRT', 'op': 'aten::_logcumsumexp.out'},
 'outcome_text': 'dies with SIGABRT (abort) in aten::_logcumsumexp.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_logcumsumexp.out',
             'called_op': 'aten::_logcumsumexp.out',
             'detail': {'example': 59, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'dim': 1,
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'shape': [3, 3, 3, 3],
                                 'storage_offset': 1,
                                 'stride': [27, 9, 3, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_logcumsumexp.out: {'tensor': True, 'dtype': 'complex64', "
                                "'shape': [3, 3, 3, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [27, "
                                "9, 3, 1], 'storage_offset': 1}, 1, out={'tensor': True, 'dtype': 'float32', "
                                "'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0})",
                        'choices': '4104410341034103410141014103',
                        'database_key': 'aten::_logcumsumexp.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [1, 1],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [2, 2],
                                                        'torch.float32': [9, 9],
                                                        'torch.float64': [1, 1],
                                                        'torch.int64': [1, 0],
                                                        'torch.int8': [2, 0]},
                                              'ndim': {'0': [5, 2],
                                                       '1': [1, 0],
                                                       '2': [9, 6],
                                                       '3': [2, 2],
                                                       '4': [3, 3]},
                                              'out.dtype': {'torch.bfloat16': [1, 1],
                                                            'torch.bool': [3, 1],
                                                            'torch.complex64': [2, 2],
                                                            'torch.float32': [7, 5],
                                                            'torch.float64': [1, 1],
                                                            'torch.int64': [6, 3]},
                                              'self.kind': {'dense': [9, 8],
                                                            'is_view': [1, 0],
                                                            'transposed': [10, 5]},
                                              'square': {'False': [2, 1], 'True': [18, 12]}},
                                  'total': [20, 13],
                                  'valid_rate': 0.65},
                        'target': 'aten::_logcumsumexp.out'}},
 'repro': {'op': 'aten::_logcumsumexp.out',
           'args': [{'tensor': {'dtype': 'float64', 'shape': [4, 4], 'fill': 'zeros'}}, 0],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}},
 'repeat': 10}

# ---- the repro ----
import torch

self = torch.zeros(4, 4, dtype=torch.float64)
out = torch.zeros((), dtype=torch.float32)
for _ in range(10):  # a later call meets the heap damage an earlier one left
    torch.ops.aten._logcumsumexp.out(self, 0, out=out)


EXPECTED = """dies with SIGABRT
"""
