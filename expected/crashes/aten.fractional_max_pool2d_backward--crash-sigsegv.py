# opprop crash repro: aten::fractional_max_pool2d_backward dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool2d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fractional_max_pool2d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fractional_max_pool2d_backward dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool2d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fractional_max_pool2d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::fractional_max_pool2d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool2d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::fractional_max_pool2d_backward',
             'called_op': 'aten::fractional_max_pool2d_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 30, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [2, 2, 2, 2],
                                        'storage_offset': 1,
                                        'stride': [8, 4, 2, 1],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [2, 2, 2, 2],
                                    'storage_offset': 0,
                                    'stride': [8, 4, 2, 1],
                                    'tensor': True},
                        'kernel_size': [1, 1],
                        'output_size': [],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 2, 2, 2],
                                 'storage_offset': 1,
                                 'stride': [8, 4, 2, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::fractional_max_pool2d_backward: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [8, 4, 2, 1], 'storage_offset': 1}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [8, 4, 2, 1], 'storage_offset': 1}, [1, 1], [], {'tensor': True, "
                                "'dtype': 'int64', 'shape': [2, 2, 2, 2], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [8, 4, 2, 1], 'storage_offset': 0})",
                        'choices': '4101413e0141050141030041014100410041004102410b41014101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::fractional_max_pool2d_backward',
                        'steer': {'choices': {'dtype': {'torch.bool': [3, 0],
                                                        'torch.complex64': [1, 0],
                                                        'torch.float32': [7, 2],
                                                        'torch.float64': [4, 1],
                                                        'torch.int64': [1, 0]},
                                              'grad_output.kind': {'dense': [9, 1],
                                                                   'has_live_view': [1, 1],
                                                                   'is_view': [1, 0],
                                                                   'transposed': [5, 1]},
                                              'grad_output.mode': {'plain': [12, 2],
                                                                   'transposed': [1, 1],
                                                                   'zero_dim': [2, 0],
                                                                   'zero_size': [1, 0]},
                                              'indices.bound': {'within': [16, 3]},
                                              'indices.style': {'1d': [12, 0], 'same': [4, 3]},
                                              'kernel_size.value': {'drawn': [15, 2], 'own': [1, 1]},
                                              'ndim': {'3': [3, 0], '4': [13, 3]},
                                              'output_size.value': {'drawn': [15, 2], 'own': [1, 1]},
                                              'self.kind': {'dense': [8, 2], 'has_live_view': [5, 0]},
                                              'self.mode': {'plain': [12, 2], 'zero_dim': [1, 0]},
                                              'self.relation': {'own': [13, 2],
                                                                'same': [1, 1],
                                                                'view': [2, 0]},
                                              'square': {'False': [4, 0], 'True': [12, 3]},
                                              'tensors.mode': {'zero_dim': [1, 0]}},
                                  'total': [16, 3],
                                  'valid_rate': 0.1875},
                        'target': 'aten::fractional_max_pool2d_backward',
                        'example': 30}},
 'repro': {'op': 'aten::fractional_max_pool2d_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    [1, 1],
                    [],
                    {'tensor': {'dtype': 'int64', 'shape': [1, 1, 1], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 1, 1, dtype=torch.float32)
self = torch.zeros(1, 1, 1, dtype=torch.float32)
indices = torch.zeros(1, 1, 1, dtype=torch.int64)
torch.ops.aten.fractional_max_pool2d_backward.default(grad_output, self, [1, 1], [], indices)


EXPECTED = """dies with SIGSEGV
"""
