# opprop crash repro: aten::adaptive_avg_pool3d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::adaptive_avg_pool3d_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.adaptive_avg_pool3d_backward.grad_input--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::adaptive_avg_pool3d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::adaptive_avg_pool3d_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::adaptive_avg_pool3d_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::adaptive_avg_pool3d_backward.grad_input'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::adaptive_avg_pool3d_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::{anonymous}::adaptive_avg_pool3d_backward_out_cpu_template (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::adaptive_avg_pool3d_backward.grad_input',
             'called_op': 'aten::adaptive_avg_pool3d_backward.grad_input',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 106, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_input': {'device': 'cpu',
                                       'dtype': 'float32',
                                       'layout': 'strided',
                                       'shape': [0],
                                       'storage_offset': 0,
                                       'stride': [1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [0, 1, 1, 1, 1],
                                        'storage_offset': 0,
                                        'stride': [1, 1, 1, 1, 1],
                                        'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1, 1, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::adaptive_avg_pool3d_backward.grad_input: {'tensor': True, "
                                "'dtype': 'float32', 'shape': [0, 1, 1, 1, 1], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1, 1, 1, 1, 1], 'storage_offset': 0}, {'tensor': "
                                "True, 'dtype': 'float32', 'shape': [1, 1, 1, 1, 1], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1, 1, 1, 1, 1], 'storage_offset': 0}, "
                                "grad_input={'tensor': True, 'dtype': 'float32', 'shape': [0], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0})",
                        'choices': '4100014100004100410041004100410141004100410041004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::adaptive_avg_pool3d_backward.grad_input',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [48, 46],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [7, 0],
                                                        'torch.float16': [33, 32],
                                                        'torch.float32': [235, 225],
                                                        'torch.float64': [40, 35],
                                                        'torch.int64': [4, 0],
                                                        'torch.int8': [1, 0]},
                                              'grad_input.dtype': {'floating': [56, 52],
                                                                   'same': [274, 256],
                                                                   'torch.bool': [6, 0],
                                                                   'torch.int64': [4, 0]},
                                              'grad_input.out_kind': {'channels_last': [1, 1],
                                                                      'empty': [51, 51],
                                                                      'neg': [2, 2],
                                                                      'transposed': [4, 4]},
                                              'grad_input.relation': {'fresh': [58, 58], 'view': [2, 2]},
                                              'grad_output.kind': {'dense': [309, 280],
                                                                   'has_live_view': [5, 1],
                                                                   'is_view': [37, 36],
                                                                   'transposed': [21, 21]},
                                              'grad_output.mode': {'expanded': [11, 11],
                                                                   'extreme': [4, 4],
                                                                   'offset': [1, 1],
                                                                   'plain': [297, 281],
                                                                   'sliced': [8, 6],
                                                                   'transposed': [10, 9],
                                                                   'visible': [6, 6],
                                                                   'zero_dim': [15, 0],
                                                                   'zero_size': [20, 20]},
                                              'ndim': {'4': [6, 6], '5': [54, 54]},
                                              'self.kind': {'dense': [48, 48],
                                                            'has_live_view': [3, 3],
                                                            'is_view': [1, 1],
                                                            'transposed': [4, 4]},
                                              'self.mode': {'expanded': [11, 10],
                                                            'extreme': [5, 5],
                                                            'offset': [1, 1],
                                                            'plain': [255, 243],
                                                            'sliced': [7, 7],
                                                            'transposed': [11, 10],
                                                            'visible': [2, 2],
                                                            'zero_dim': [14, 0],
                                                            'zero_size': [23, 21]},
                                              'self.relation': {'own': [56, 56],
                                                                'partial': [1, 1],
                                                                'view': [3, 3]},
                                              'square': {'False': [21, 21], 'True': [39, 39]},
                                              'tensors.mode': {'expanded': [4, 4],
                                                               'extreme': [3, 3],
                                                               'plain': [58, 54],
                                                               'sliced': [4, 4],
                                                               'transposed': [8, 7],
                                                               'zero_dim': [14, 0],
                                                               'zero_size': [16, 16]}},
                                  'total': [60, 60],
                                  'valid_rate': 1.0},
                        'target': 'aten::adaptive_avg_pool3d_backward.grad_input',
                        'example': 106}},
 'repro': {'op': 'aten::adaptive_avg_pool3d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1, 1, 0], 'fill': 'zeros'}}],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 1, 1, 1, 1, dtype=torch.float32)
self = torch.zeros(1, 1, 1, 1, 0, dtype=torch.float32)
grad_input = torch.zeros((), dtype=torch.float32)
torch.ops.aten.adaptive_avg_pool3d_backward.grad_input(grad_output, self, grad_input=grad_input)


EXPECTED = """dies with SIGSEGV
"""
