# opprop crash repro: aten::avg_pool3d_backward dies with SIGSEGV (segmentation fault) in aten::avg_pool3d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.avg_pool3d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::avg_pool3d_backward dies with SIGSEGV (segmentation fault) in aten::avg_pool3d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::avg_pool3d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::avg_pool3d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::avg_pool3d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'at::parallel_for (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::avg_pool3d_backward',
             'called_op': 'aten::avg_pool3d_backward',
             'detail': {'example': 52, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'ceil_mode': False,
                        'count_include_pad': False,
                        'divisor_override': None,
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [0, 1, 1, 1, 1],
                                        'storage_offset': 0,
                                        'stride': [1, 1, 1, 1, 1],
                                        'tensor': True},
                        'kernel_size': [1, 1, 1],
                        'padding': [0, 0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1, 1, 1],
                                 'tensor': True},
                        'stride': [1, 1, 1]},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::avg_pool3d_backward: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [0, 1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', "
                                "'shape': [1, 1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1, 1, 1, 1], 'storage_offset': 0}, [1, 1, 1], [1, 1, 1], [0, 0, 0], "
                                'False, False, None)',
                        'choices': '4101415f01410000410041004100410141034102410000004100',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::avg_pool3d_backward',
                        'steer': {'choices': {'divisor_override.default': {'False': [2, 2], 'True': [17, 5]},
                                              'divisor_override.none': {'True': [2, 2]},
                                              'dtype': {'torch.bfloat16': [1, 0],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [5, 0],
                                                        'torch.float16': [4, 0],
                                                        'torch.float32': [14, 11],
                                                        'torch.float64': [3, 3],
                                                        'torch.int32': [4, 0],
                                                        'torch.int64': [11, 2],
                                                        'torch.int8': [3, 0]},
                                              'grad_output.kind': {'dense': [13, 4], 'has_live_view': [6, 3]},
                                              'grad_output.mode': {'expanded': [1, 0], 'plain': [18, 7]},
                                              'kernel_size.value': {'drawn': [17, 6],
                                                                    'empty': [1, 0],
                                                                    'single': [1, 1]},
                                              'ndim': {'4': [1, 1], '5': [18, 6]},
                                              'padding.value': {'drawn': [31, 15],
                                                                'empty': [9, 0],
                                                                'own': [6, 0],
                                                                'single': [2, 1]},
                                              'self.kind': {'dense': [28, 12],
                                                            'has_live_view': [8, 0],
                                                            'is_view': [5, 0],
                                                            'transposed': [4, 1]},
                                              'self.mode': {'expanded': [1, 0], 'plain': [17, 6]},
                                              'self.relation': {'own': [18, 6], 'view': [1, 1]},
                                              'square': {'False': [1, 0], 'True': [18, 7]},
                                              'stride.value': {'drawn': [35, 16],
                                                               'empty': [7, 0],
                                                               'own': [6, 0]},
                                              'tensors.mode': {'expanded': [1, 0], 'plain': [3, 1]}},
                                  'total': [19, 7],
                                  'valid_rate': 0.3684210526315789},
                        'target': 'aten::avg_pool3d_backward'}},
 'repro': {'op': 'aten::avg_pool3d_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1, 1, 1], 'fill': 'zeros'}},
                    [1, 1, 1],
                    [1, 1, 1],
                    [0, 0, 0],
                    False,
                    False,
                    None],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 1, 1, 1, 1, dtype=torch.float32)
self = torch.zeros(1, 1, 1, 1, 1, dtype=torch.float32)
torch.ops.aten.avg_pool3d_backward.default(grad_output, self, [1, 1, 1], [1, 1, 1], [0, 0, 0], False, False, None)


EXPECTED = """dies with SIGSEGV
"""
