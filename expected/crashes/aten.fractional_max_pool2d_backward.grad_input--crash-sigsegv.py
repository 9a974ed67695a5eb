# opprop crash repro: aten::fractional_max_pool2d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool2d_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fractional_max_pool2d_backward.grad_input--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fractional_max_pool2d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool2d_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fractional_max_pool2d_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::fractional_max_pool2d_backward.grad_input'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool2d_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::meta::structured_fractional_max_pool2d_backward::meta (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::fractional_max_pool2d_backward.grad_input',
             'called_op': 'aten::fractional_max_pool2d_backward.grad_input',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 47, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_input': {'device': 'cpu',
                                       'dtype': 'float64',
                                       'layout': 'strided',
                                       'shape': [0],
                                       'storage_offset': 0,
                                       'stride': [1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float64',
                                        'layout': 'strided',
                                        'shape': [3, 3, 3],
                                        'storage_offset': 0,
                                        'stride': [9, 3, 1],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [3, 3, 3],
                                    'storage_offset': 0,
                                    'stride': [9, 3, 1],
                                    'tensor': True},
                        'kernel_size': [1, 1],
                        'output_size': [],
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [3, 3, 3],
                                 'storage_offset': 0,
                                 'stride': [9, 3, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::fractional_max_pool2d_backward.grad_input: {'tensor': True, "
                                "'dtype': 'float64', 'shape': [3, 3, 3], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [9, 3, 1], 'storage_offset': 0}, {'tensor': True, "
                                "'dtype': 'float64', 'shape': [3, 3, 3], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [9, 3, 1], 'storage_offset': 0}, [1, 1], [], "
                                "{'tensor': True, 'dtype': 'int64', 'shape': [3, 3, 3], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [9, 3, 1], 'storage_offset': 0}, "
                                "grad_input={'tensor': True, 'dtype': 'float64', 'shape': [0], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0})",
                        'choices': '41094109410041004103410241004109410e410541094105410c4101410141064101',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::fractional_max_pool2d_backward.grad_input',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [14, 14],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float16': [7, 7],
                                                        'torch.float32': [14, 0],
                                                        'torch.float64': [93, 79],
                                                        'torch.int64': [5, 0]},
                                              'grad_input.dtype': {'floating': [15, 11],
                                                                   'same': [106, 84],
                                                                   'torch.bool': [4, 0],
                                                                   'torch.int64': [3, 0]},
                                              'grad_input.out_kind': {'empty': [55, 54],
                                                                      'neg': [1, 1],
                                                                      'sized': [1, 1]},
                                              'grad_input.relation': {'fresh': [128, 95],
                                                                      'same': [8, 5],
                                                                      'view': [4, 0]},
                                              'grad_output.kind': {'dense': [115, 84],
                                                                   'has_live_view': [5, 3],
                                                                   'is_view': [15, 13],
                                                                   'transposed': [5, 0]},
                                              'grad_output.mode': {'extreme': [1, 0],
                                                                   'offset': [2, 2],
                                                                   'plain': [120, 88],
                                                                   'transposed': [8, 7],
                                                                   'visible': [3, 3],
                                                                   'zero_dim': [3, 0],
                                                                   'zero_size': [3, 0]},
                                              'indices.bound': {'past': [19, 19], 'within': [41, 39]},
                                              'indices.style': {'1d': [16, 0], 'same': [124, 100]},
                                              'kernel_size.value': {'drawn': [47, 45],
                                                                    'empty': [11, 11],
                                                                    'own': [1, 1],
                                                                    'single': [1, 1]},
                                              'ndim': {'3': [128, 99], '4': [12, 1]},
                                              'output_size.value': {'drawn': [59, 58], 'negative': [1, 0]},
                                              'self.kind': {'dense': [111, 88],
                                                            'has_live_view': [4, 0],
                                                            'is_view': [3, 0],
                                                            'transposed': [4, 3]},
                                              'self.mode': {'extreme': [1, 0],
                                                            'plain': [98, 78],
                                                            'transposed': [5, 2],
                                                            'zero_dim': [4, 0],
                                                            'zero_size': [14, 11]},
                                              'self.relation': {'own': [122, 91],
                                                                'partial': [8, 5],
                                                                'same': [6, 0],
                                                                'view': [4, 4]},
                                              'square': {'False': [2, 2], 'True': [58, 56]},
                                              'tensors.mode': {'plain': [1, 1], 'zero_size': [11, 11]}},
                                  'total': [60, 58],
                                  'valid_rate': 0.9666666666666667},
                        'target': 'aten::fractional_max_pool2d_backward.grad_input',
                        'example': 47}},
 'repro': {'op': 'aten::fractional_max_pool2d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    [0, 0],
                    [],
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros((), dtype=torch.float32)
self = torch.zeros((), dtype=torch.float32)
indices = torch.zeros((), dtype=torch.float32)
grad_input = torch.zeros((), dtype=torch.float32)
torch.ops.aten.fractional_max_pool2d_backward.grad_input(grad_output, self, [0, 0], [], indices, grad_input=grad_input)


EXPECTED = """dies with SIGSEGV
"""
