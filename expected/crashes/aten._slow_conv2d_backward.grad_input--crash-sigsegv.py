# opprop crash repro: aten::_slow_conv2d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::_slow_conv2d_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._slow_conv2d_backward.grad_input--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_slow_conv2d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::_slow_conv2d_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_slow_conv2d_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_slow_conv2d_backward.grad_input'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_slow_conv2d_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_slow_conv2d_backward.grad_input',
             'called_op': 'aten::_slow_conv2d_backward.grad_input',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 32, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_bias': {'device': 'cpu',
                                      'dtype': 'bfloat16',
                                      'layout': 'strided',
                                      'shape': [0],
                                      'storage_offset': 0,
                                      'stride': [1],
                                      'tensor': True},
                        'grad_input': {'device': 'cpu',
                                       'dtype': 'bfloat16',
                                       'layout': 'strided',
                                       'shape': [0],
                                       'storage_offset': 0,
                                       'stride': [1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'bfloat16',
                                        'layout': 'strided',
                                        'shape': [],
                                        'storage_offset': 0,
                                        'stride': [],
                                        'tensor': True},
                        'grad_weight': {'device': 'cpu',
                                        'dtype': 'bfloat16',
                                        'layout': 'strided',
                                        'shape': [0],
                                        'storage_offset': 0,
                                        'stride': [1],
                                        'tensor': True},
                        'kernel_size': [],
                        'padding': [0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'bfloat16',
                                 'layout': 'strided',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True},
                        'stride': [1, 1],
                        'weight': {'device': 'cpu',
                                   'dtype': 'bfloat16',
                                   'layout': 'strided',
                                   'shape': [],
                                   'storage_offset': 0,
                                   'stride': [],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::_slow_conv2d_backward.grad_input: {'tensor': True, 'dtype': "
                                "'bfloat16', 'shape': [], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[], 'storage_offset': 0}, {'tensor': True, 'dtype': 'bfloat16', 'shape': "
                                "[], 'device': 'cpu', 'layout': 'strided', 'stride': [], 'storage_offset': "
                                "0}, {'tensor': True, 'dtype': 'bfloat16', 'shape': [], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [], 'storage_offset': 0}, [], [1, 1], [0, "
                                "0], grad_input={'tensor': True, 'dtype': 'bfloat16', 'shape': [0], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0}, "
                                "grad_weight={'tensor': True, 'dtype': 'bfloat16', 'shape': [0], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0}, "
                                "grad_bias={'tensor': True, 'dtype': 'bfloat16', 'shape': [0], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0})",
                        'choices': '410341004101410141034100410441004100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_slow_conv2d_backward.grad_input',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [2, 1],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [2, 0],
                                                        'torch.float16': [3, 2],
                                                        'torch.float32': [32, 17],
                                                        'torch.float64': [7, 5],
                                                        'torch.int32': [2, 0],
                                                        'torch.int64': [5, 0],
                                                        'torch.int8': [2, 0]},
                                              'grad_bias.dtype': {'floating': [9, 7],
                                                                  'same': [33, 16],
                                                                  'torch.bool': [5, 0],
                                                                  'torch.int64': [8, 2]},
                                              'grad_bias.relation': {'fresh': [19, 15], 'same': [1, 0]},
                                              'grad_input.dtype': {'floating': [1, 0],
                                                                   'same': [17, 15],
                                                                   'torch.bool': [2, 0]},
                                              'grad_input.relation': {'fresh': [20, 15]},
                                              'grad_output.kind': {'dense': [35, 20],
                                                                   'has_live_view': [2, 0],
                                                                   'is_view': [3, 0]},
                                              'grad_output.mode': {'plain': [18, 15],
                                                                   'transposed': [1, 0],
                                                                   'zero_size': [1, 0]},
                                              'grad_weight.dtype': {'floating': [15, 11],
                                                                    'same': [29, 13],
                                                                    'torch.bool': [6, 0],
                                                                    'torch.int64': [5, 0]},
                                              'grad_weight.relation': {'fresh': [19, 14], 'view': [1, 1]},
                                              'kernel_size.value': {'drawn': [17, 15],
                                                                    'own': [1, 0],
                                                                    'single': [2, 0]},
                                              'ndim': {'3': [4, 0], '4': [36, 20]},
                                              'padding.value': {'drawn': [20, 15]},
                                              'self.kind': {'dense': [31, 18],
                                                            'has_live_view': [3, 2],
                                                            'is_view': [3, 0]},
                                              'self.mode': {'plain': [16, 14],
                                                            'transposed': [1, 0],
                                                            'visible': [1, 1],
                                                            'zero_size': [1, 0]},
                                              'self.relation': {'own': [47, 25],
                                                                'partial': [1, 0],
                                                                'same': [4, 0],
                                                                'view': [6, 0]},
                                              'square': {'False': [3, 0], 'True': [17, 15]},
                                              'stride.value': {'drawn': [20, 15]},
                                              'tensors.mode': {'plain': [7, 7],
                                                               'transposed': [1, 0],
                                                               'zero_size': [1, 0]},
                                              'weight.mode': {'offset': [1, 1],
                                                              'plain': [16, 14],
                                                              'transposed': [1, 0],
                                                              'zero_size': [1, 0]},
                                              'weight.relation': {'own': [19, 15], 'same': [1, 0]},
                                              'weight.shape': {'channels': [3, 0],
                                                               'conv': [48, 25],
                                                               'same': [4, 0]}},
                                  'total': [20, 15],
                                  'valid_rate': 0.75},
                        'target': 'aten::_slow_conv2d_backward.grad_input',
                        'example': 32}},
 'repro': {'op': 'aten::_slow_conv2d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    [],
                    [1, 1],
                    [0, 0]],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                      'grad_weight': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                      'grad_bias': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros((), dtype=torch.float32)
self = torch.zeros((), dtype=torch.float32)
weight = torch.zeros((), dtype=torch.float32)
grad_input = torch.zeros(0, dtype=torch.float32)
grad_weight = torch.zeros(0, dtype=torch.float32)
grad_bias = torch.zeros(0, dtype=torch.float32)
torch.ops.aten._slow_conv2d_backward.grad_input(grad_output, self, weight, [], [1, 1], [0, 0], grad_input=grad_input, grad_weight=grad_weight, grad_bias=grad_bias)


EXPECTED = """dies with SIGSEGV
"""
