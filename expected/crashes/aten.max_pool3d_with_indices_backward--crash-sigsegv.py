# opprop crash repro: aten::max_pool3d_with_indices_backward dies with SIGSEGV (segmentation fault) in aten::max_pool3d_with_indices_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.max_pool3d_with_indices_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::max_pool3d_with_indices_backward dies with SIGSEGV (segmentation fault) in aten::max_pool3d_with_indices_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::max_pool3d_with_indices_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::max_pool3d_with_indices_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::max_pool3d_with_indices_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::max_pool3d_with_indices_backward',
             'called_op': 'aten::max_pool3d_with_indices_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 42, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'ceil_mode': False,
                        'dilation': [1, 1, 1],
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float64',
                                        'layout': 'strided',
                                        'shape': [3, 3, 1, 1, 3],
                                        'storage_offset': 1,
                                        'stride': [9, 3, 3, 3, 1],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [3, 3, 1, 1, 3],
                                    'storage_offset': 0,
                                    'stride': [9, 3, 3, 3, 1],
                                    'tensor': True},
                        'kernel_size': [1, 1, 1],
                        'padding': [0, 0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [3, 3, 1, 1, 3],
                                 'storage_offset': 0,
                                 'stride': [9, 3, 3, 3, 1],
                                 'tensor': True},
                        'stride': [1, 1, 1]},
             'replay': {'call': "Call(aten::max_pool3d_with_indices_backward: {'tensor': True, 'dtype': "
                                "'float64', 'shape': [3, 3, 1, 1, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [9, 3, 3, 3, 1], 'storage_offset': 1}, {'tensor': True, 'dtype': "
                                "'float64', 'shape': [3, 3, 1, 1, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [9, 3, 3, 3, 1], 'storage_offset': 0}, [1, 1, 1], [1, 1, 1], [0, "
                                "0, 0], [1, 1, 1], False, {'tensor': True, 'dtype': 'int64', 'shape': [3, 3, "
                                "1, 1, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [9, 3, 3, 3, 1], "
                                "'storage_offset': 0})",
                        'choices': '4101417e004103410141034103410141014103410141014106004100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::max_pool3d_with_indices_backward',
                        'steer': {'choices': {'dtype': {'torch.bool': [8, 0],
                                                        'torch.float32': [9, 3],
                                                        'torch.float64': [1, 1],
                                                        'torch.int64': [2, 0]},
                                              'indices.bound': {'past': [6, 3], 'within': [14, 1]},
                                              'indices.style': {'1d': [15, 0], 'same': [5, 4]},
                                              'square': {'False': [10, 4], 'True': [10, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::max_pool3d_with_indices_backward',
                        'example': 42}},
 'repro': {'op': 'aten::max_pool3d_with_indices_backward',
           'args': [{'tensor': {'dtype': 'float64', 'shape': [1, 1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float64', 'shape': [1, 1, 1, 1, 1], 'fill': 'zeros'}},
                    [1, 1, 1],
                    [1, 1, 1],
                    [0, 0, 0],
                    [1, 1, 1],
                    False,
                    {'tensor': {'dtype': 'int64',
                                'shape': [1, 1, 1, 1, 1],
                                'fill': 'values',
                                'values': [1099511627776]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 1, 1, 1, 1, dtype=torch.float64)
self = torch.zeros(1, 1, 1, 1, 1, dtype=torch.float64)
indices = torch.tensor([1099511627776], dtype=torch.int64).reshape(1, 1, 1, 1, 1)
torch.ops.aten.max_pool3d_with_indices_backward.default(grad_output, self, [1, 1, 1], [1, 1, 1], [0, 0, 0], [1, 1, 1], False, indices)


EXPECTED = """dies with SIGSEGV
"""
