# opprop crash repro: aten::adaptive_max_pool2d_backward dies with SIGSEGV (segmentation fault) in aten::adaptive_max_pool2d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.adaptive_max_pool2d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::adaptive_max_pool2d_backward dies with SIGSEGV (segmentation fault) in aten::adaptive_max_pool2d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::adaptive_max_pool2d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::adaptive_max_pool2d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::adaptive_max_pool2d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::adaptive_max_pool2d_backward',
             'called_op': 'aten::adaptive_max_pool2d_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 98, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'bfloat16',
                                        'layout': 'strided',
                                        'shape': [1, 1, 1, 1],
                                        'storage_offset': 1,
                                        'stride': [1, 1, 1, 1],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [1, 1, 1, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1, 1, 1],
                                    'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'bfloat16',
                                 'layout': 'strided',
                                 'shape': [0, 1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::adaptive_max_pool2d_backward: {'tensor': True, 'dtype': "
                                "'bfloat16', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 1}, {'tensor': True, 'dtype': "
                                "'bfloat16', 'shape': [0, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'int64', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 0})",
                        'choices': '4101414f0141010041004100410241014103410241024100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::adaptive_max_pool2d_backward',
                        'steer': {'choices': {'dtype': {'torch.bool': [4, 0],
                                                        'torch.complex64': [1, 0],
                                                        'torch.float16': [3, 3],
                                                        'torch.float32': [20, 17],
                                                        'torch.float64': [10, 8],
                                                        'torch.int32': [4, 0],
                                                        'torch.int64': [4, 0],
                                                        'torch.int8': [1, 0]},
                                              'grad_output.kind': {'dense': [5, 0],
                                                                   'has_live_view': [8, 1],
                                                                   'is_view': [37, 18],
                                                                   'transposed': [19, 14]},
                                              'grad_output.mode': {'offset': [1, 1],
                                                                   'plain': [38, 25],
                                                                   'zero_dim': [2, 0],
                                                                   'zero_size': [6, 2]},
                                              'indices.bound': {'past': [4, 0], 'within': [65, 33]},
                                              'indices.style': {'1d': [14, 0], 'same': [55, 33]},
                                              'ndim': {'3': [4, 0], '4': [65, 33]},
                                              'self.kind': {'dense': [45, 24],
                                                            'has_live_view': [7, 0],
                                                            'is_view': [6, 5],
                                                            'transposed': [5, 0]},
                                              'self.mode': {'expanded': [6, 3],
                                                            'plain': [25, 19],
                                                            'zero_dim': [5, 0],
                                                            'zero_size': [6, 2]},
                                              'self.relation': {'own': [42, 24],
                                                                'same': [4, 3],
                                                                'view': [1, 1]},
                                              'square': {'False': [8, 4], 'True': [39, 24]},
                                              'tensors.mode': {'plain': [4, 3],
                                                               'zero_dim': [2, 0],
                                                               'zero_size': [6, 2]}},
                                  'total': [47, 28],
                                  'valid_rate': 0.5957446808510638},
                        'target': 'aten::adaptive_max_pool2d_backward',
                        'example': 98}},
 'repro': {'op': 'aten::adaptive_max_pool2d_backward',
           'args': [{'tensor': {'dtype': 'bfloat16', 'shape': [1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'bfloat16', 'shape': [0, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [1, 1, 1, 1], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 1, 1, 1, dtype=torch.bfloat16)
self = torch.zeros(0, 1, 1, 1, dtype=torch.bfloat16)
indices = torch.zeros(1, 1, 1, 1, dtype=torch.int64)
torch.ops.aten.adaptive_max_pool2d_backward.default(grad_output, self, indices)


EXPECTED = """dies with SIGSEGV
"""
