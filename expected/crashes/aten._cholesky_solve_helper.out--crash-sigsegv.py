# opprop crash repro: aten::_cholesky_solve_helper.out dies with SIGSEGV (segmentation fault) in aten::_cholesky_solve_helper.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._cholesky_solve_helper.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_cholesky_solve_helper.out dies with SIGSEGV (segmentation fault) in aten::_cholesky_solve_helper.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_cholesky_solve_helper.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_cholesky_solve_helper.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_cholesky_solve_helper.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_cholesky_solve_helper.out',
             'called_op': 'aten::_cholesky_solve_helper.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 8, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'A': {'device': 'cpu',
                              'dtype': 'complex64',
                              'layout': 'strided',
                              'shape': [3, 3, 3, 3],
                              'storage_offset': 0,
                              'stride': [27, 9, 3, 1],
                              'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'shape': [0, 3, 3, 3],
                                'storage_offset': 0,
                                'stride': [27, 9, 3, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'shape': [0, 3, 3, 3],
                                 'storage_offset': 0,
                                 'stride': [27, 9, 3, 1],
                                 'tensor': True},
                        'upper': False},
             'replay': {'call': "Call(aten::_cholesky_solve_helper.out: {'tensor': True, 'dtype': "
                                "'complex64', 'shape': [0, 3, 3, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [27, 9, 3, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'complex64', 'shape': [3, 3, 3, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [27, 9, 3, 1], 'storage_offset': 0}, False, out={'tensor': True, "
                                "'dtype': 'complex64', 'shape': [0, 3, 3, 3], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [27, 9, 3, 1], 'storage_offset': 0})",
                        'choices': '413501410001410100410041024102410341024100410300',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_cholesky_solve_helper.out',
                        'steer': {'choices': {'A.kind': {'dense': [25, 12],
                                                         'has_live_view': [2, 0],
                                                         'is_view': [13, 1],
                                                         'transposed': [5, 1]},
                                              'A.relation': {'own': [45, 14],
                                                             'partial': [3, 0],
                                                             'same': [2, 1],
                                                             'view': [3, 2]},
                                              'dtype': {'torch.bfloat16': [8, 0],
                                                        'torch.bool': [7, 0],
                                                        'torch.complex64': [1, 1],
                                                        'torch.float16': [2, 0],
                                                        'torch.float32': [24, 11],
                                                        'torch.float64': [7, 5],
                                                        'torch.int64': [1, 0],
                                                        'torch.uint8': [3, 0]},
                                              'ndim': {'0': [3, 0],
                                                       '1': [9, 0],
                                                       '2': [33, 15],
                                                       '3': [4, 1],
                                                       '4': [4, 1]},
                                              'out.dtype': {'floating': [8, 3],
                                                            'same': [30, 13],
                                                            'torch.bool': [9, 0],
                                                            'torch.int64': [1, 0]},
                                              'out.relation': {'fresh': [48, 16],
                                                               'same': [2, 1],
                                                               'view': [3, 0]},
                                              'self.kind': {'dense': [33, 13],
                                                            'has_live_view': [2, 1],
                                                            'is_view': [13, 1],
                                                            'transposed': [5, 2]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::_cholesky_solve_helper.out',
                        'example': 8}},
 'repro': {'op': 'aten::_cholesky_solve_helper.out',
           'args': [{'tensor': {'dtype': 'complex64', 'shape': [0, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'complex64', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    False],
           'kwargs': {'out': {'tensor': {'dtype': 'complex64', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.zeros(0, 1, 1, dtype=torch.complex64)
A = torch.zeros(1, 1, 1, dtype=torch.complex64)
out_ = torch.zeros(0, dtype=torch.complex64)
torch.ops.aten._cholesky_solve_helper.out(self, A, False, out=out_)


EXPECTED = """dies with SIGSEGV
"""
