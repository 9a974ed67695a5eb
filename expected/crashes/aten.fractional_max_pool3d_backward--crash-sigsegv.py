# opprop crash repro: aten::fractional_max_pool3d_backward dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool3d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fractional_max_pool3d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fractional_max_pool3d_backward dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool3d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fractional_max_pool3d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::fractional_max_pool3d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool3d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::{anonymous}::fractional_max_pool3d_backward_out_cpu_template (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::fractional_max_pool3d_backward',
             'called_op': 'aten::fractional_max_pool3d_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 14, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [1, 2, 3, 1, 1],
                                        'storage_offset': 0,
                                        'stride': [6, 3, 1, 1, 1],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [2],
                                    'storage_offset': 0,
                                    'stride': [1],
                                    'tensor': True},
                        'kernel_size': [1, 1, 1],
                        'output_size': [],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 2, 3, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [6, 3, 1, 1, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::fractional_max_pool3d_backward: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 2, 3, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [6, 3, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 2, 3, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [6, 3, 1, 1, 1], 'storage_offset': 0}, [1, 1, 1], [], {'tensor': "
                                "True, 'dtype': 'int64', 'shape': [2], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 0})",
                        'choices': '410141610141050041014103410141014102410341014101410c410541054100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::fractional_max_pool3d_backward',
                        'steer': {'choices': {'dtype': {'torch.complex64': [2, 0], 'torch.float32': [6, 6]},
                                              'grad_output.kind': {'dense': [2, 0],
                                                                   'is_view': [1, 1],
                                                                   'transposed': [5, 5]},
                                              'grad_output.mode': {'plain': [8, 6]},
                                              'indices.bound': {'within': [8, 6]},
                                              'indices.style': {'1d': [8, 6]},
                                              'kernel_size.value': {'drawn': [8, 6]},
                                              'ndim': {'5': [8, 6]},
                                              'output_size.value': {'drawn': [8, 6]},
                                              'self.relation': {'view': [8, 6]},
                                              'square': {'False': [8, 6]}},
                                  'total': [8, 6],
                                  'valid_rate': 0.75},
                        'target': 'aten::fractional_max_pool3d_backward',
                        'example': 14}},
 'repro': {'op': 'aten::fractional_max_pool3d_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    [0, 0, 0],
                    [],
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros((), dtype=torch.float32)
self = torch.zeros((), dtype=torch.float32)
indices = torch.zeros((), dtype=torch.float32)
torch.ops.aten.fractional_max_pool3d_backward.default(grad_output, self, [0, 0, 0], [], indices)


EXPECTED = """dies with SIGSEGV
"""
