# opprop crash repro: aten::reflection_pad2d_backward dies with SIGSEGV (segmentation fault) in aten::reflection_pad2d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.reflection_pad2d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::reflection_pad2d_backward dies with SIGSEGV (segmentation fault) in aten::reflection_pad2d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::reflection_pad2d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::reflection_pad2d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::reflection_pad2d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::reflection_pad2d_backward',
             'called_op': 'aten::reflection_pad2d_backward',
             'detail': {'example': 41, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'float16',
                                        'layout': 'strided',
                                        'shape': [2, 2, 2, 2],
                                        'storage_offset': 0,
                                        'stride': [8, 4, 2, 1],
                                        'tensor': True},
                        'padding': [],
                        'self': {'device': 'cpu',
                                 'dtype': 'float16',
                                 'layout': 'strided',
                                 'shape': [2, 2, 2, 2],
                                 'storage_offset': 0,
                                 'stride': [8, 4, 2, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::reflection_pad2d_backward: {'tensor': True, 'dtype': 'float16', "
                                "'shape': [2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [8, "
                                "4, 2, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float16', "
                                "'shape': [2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [8, "
                                "4, 2, 1], 'storage_offset': 0}, [])",
                        'choices': '41014147014103004101410341034102410741044107',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::reflection_pad2d_backward',
                        'steer': {'choices': {'dtype': {'torch.complex64': [5, 5],
                                                        'torch.float32': [6, 5],
                                                        'torch.float64': [4, 2]},
                                              'grad_output.kind': {'dense': [15, 12]},
                                              'grad_output.mode': {'offset': [3, 1],
                                                                   'plain': [10, 10],
                                                                   'transposed': [1, 0],
                                                                   'visible': [1, 1]},
                                              'ndim': {'3': [3, 2], '4': [12, 10]},
                                              'padding.value': {'drawn': [15, 12]},
                                              'self.kind': {'dense': [5, 3],
                                                            'has_live_view': [1, 1],
                                                            'is_view': [3, 2]},
                                              'self.mode': {'offset': [2, 2],
                                                            'plain': [4, 4],
                                                            'zero_dim': [3, 0]},
                                              'self.relation': {'own': [9, 6],
                                                                'same': [2, 2],
                                                                'view': [4, 4]},
                                              'square': {'False': [1, 1], 'True': [14, 11]},
                                              'tensors.mode': {'plain': [6, 6]}},
                                  'total': [15, 12],
                                  'valid_rate': 0.8},
                        'target': 'aten::reflection_pad2d_backward',
                        'example': 41}},
 'repro': {'op': 'aten::reflection_pad2d_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1, 1], 'fill': 'zeros'}},
                    []],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 1, 1, 1, dtype=torch.float32)
self = torch.zeros(1, 1, 1, 1, dtype=torch.float32)
torch.ops.aten.reflection_pad2d_backward.default(grad_output, self, [])


EXPECTED = """dies with SIGSEGV
"""
