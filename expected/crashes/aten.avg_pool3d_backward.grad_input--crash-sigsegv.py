# opprop crash repro: aten::avg_pool3d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::avg_pool3d_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.avg_pool3d_backward.grad_input--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::avg_pool3d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::avg_pool3d_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::avg_pool3d_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::avg_pool3d_backward.grad_input'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::avg_pool3d_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::parallel_for (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::avg_pool3d_backward.grad_input',
             'called_op': 'aten::avg_pool3d_backward.grad_input',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 63, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'ceil_mode': False,
                        'count_include_pad': True,
                        'divisor_override': None,
                        'grad_input': {'device': 'cpu',
                                       'dtype': 'int64',
                                       'layout': 'strided',
                                       'shape': [1, 1, 1, 1, 1],
                                       'storage_offset': 0,
                                       'stride': [1, 1, 1, 1, 1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'int64',
                                        'layout': 'strided',
                                        'shape': [0, 1, 1, 1, 1],
                                        'storage_offset': 0,
                                        'stride': [1, 1, 1, 1, 1],
                                        'tensor': True},
                        'kernel_size': [1, 1, 1],
                        'padding': [0, 0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1, 1, 1],
                                 'tensor': True},
                        'stride': [1, 1, 1]},
             'replay': {'call': "Call(aten::avg_pool3d_backward.grad_input: {'tensor': True, 'dtype': "
                                "'int64', 'shape': [0, 1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'int64', 'shape': [1, 1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1, 1], 'storage_offset': 0}, [1, 1, 1], [1, 1, 1], [0, "
                                "0, 0], False, True, None, grad_input={'tensor': True, 'dtype': 'int64', "
                                "'shape': [1, 1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1, 1, 1, 1], 'storage_offset': 0})",
                        'choices': '4176014103014100004102410041034109410041014103410241074104410441040001410241044101',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::avg_pool3d_backward.grad_input',
                        'steer': {'choices': {'divisor_override.default': {'False': [1, 0], 'True': [19, 14]},
                                              'divisor_override.none': {'False': [1, 0]},
                                              'divisor_override.value': {'negative': [1, 0]},
                                              'dtype': {'torch.bfloat16': [1, 0],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float16': [3, 0],
                                                        'torch.float32': [68, 49],
                                                        'torch.float64': [16, 14],
                                                        'torch.int32': [3, 0],
                                                        'torch.int64': [6, 5],
                                                        'torch.int8': [3, 0],
                                                        'torch.uint8': [1, 0]},
                                              'grad_input.dtype': {'floating': [4, 0],
                                                                   'same': [80, 62],
                                                                   'torch.bool': [4, 0],
                                                                   'torch.int64': [14, 2]},
                                              'grad_input.out_kind': {'channels_last': [1, 0],
                                                                      'empty': [16, 12]},
                                              'grad_input.relation': {'fresh': [17, 12], 'same': [3, 2]},
                                              'grad_output.kind': {'dense': [15, 12],
                                                                   'has_live_view': [2, 0],
                                                                   'is_view': [2, 1],
                                                                   'transposed': [1, 1]},
                                              'grad_output.mode': {'offset': [1, 0], 'plain': [19, 14]},
                                              'kernel_size.value': {'drawn': [97, 65],
                                                                    'empty': [3, 0],
                                                                    'own': [3, 0],
                                                                    'single': [4, 3]},
                                              'ndim': {'4': [4, 2], '5': [16, 12]},
                                              'padding.value': {'drawn': [17, 14],
                                                                'empty': [1, 0],
                                                                'negative': [1, 0],
                                                                'own': [1, 0]},
                                              'self.kind': {'dense': [85, 59],
                                                            'has_live_view': [14, 5],
                                                            'is_view': [5, 4],
                                                            'transposed': [3, 0]},
                                              'self.mode': {'offset': [1, 1],
                                                            'plain': [18, 13],
                                                            'sliced': [1, 0]},
                                              'self.relation': {'own': [20, 14]},
                                              'square': {'False': [9, 1], 'True': [98, 67]},
                                              'stride.value': {'drawn': [18, 14],
                                                               'short': [1, 0],
                                                               'zero': [1, 0]},
                                              'tensors.mode': {'plain': [7, 6]}},
                                  'total': [20, 14],
                                  'valid_rate': 0.7},
                        'target': 'aten::avg_pool3d_backward.grad_input',
                        'example': 63}},
 'repro': {'op': 'aten::avg_pool3d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [0, 1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [1, 1, 1, 1, 1], 'fill': 'zeros'}},
                    [1, 1, 1],
                    [1, 1, 1],
                    [0, 0, 0],
                    False,
                    True,
                    None],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'int64', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 1, 1, 1, 1, dtype=torch.int64)
self = torch.zeros(1, 1, 1, 1, 1, dtype=torch.int64)
grad_input = torch.zeros((), dtype=torch.int64)
torch.ops.aten.avg_pool3d_backward.grad_input(grad_output, self, [1, 1, 1], [1, 1, 1], [0, 0, 0], False, True, None, grad_input=grad_input)


EXPECTED = """dies with SIGSEGV
"""
