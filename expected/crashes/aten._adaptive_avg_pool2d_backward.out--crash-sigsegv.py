# opprop crash repro: aten::_adaptive_avg_pool2d_backward.out dies with SIGSEGV (segmentation fault) in aten::_adaptive_avg_pool2d_backward.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._adaptive_avg_pool2d_backward.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_adaptive_avg_pool2d_backward.out dies with SIGSEGV (segmentation fault) in aten::_adaptive_avg_pool2d_backward.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_adaptive_avg_pool2d_backward.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_adaptive_avg_pool2d_backward.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_adaptive_avg_pool2d_backward.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'at::internal::invoke_parallel (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_adaptive_avg_pool2d_backward.out',
             'called_op': 'aten::_adaptive_avg_pool2d_backward.out',
             'detail': {'example': 37, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'bfloat16',
                                        'layout': 'strided',
                                        'shape': [4, 1, 4, 4],
                                        'storage_offset': 0,
                                        'stride': [16, 16, 4, 1],
                                        'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'bfloat16',
                                'layout': 'strided',
                                'shape': [4, 1, 4, 4],
                                'storage_offset': 0,
                                'stride': [16, 16, 4, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'bfloat16',
                                 'layout': 'strided',
                                 'shape': [0, 1, 4, 4],
                                 'storage_offset': 0,
                                 'stride': [16, 16, 4, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_adaptive_avg_pool2d_backward.out: {'tensor': True, 'dtype': "
                                "'bfloat16', 'shape': [4, 1, 4, 4], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [16, 16, 4, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'bfloat16', 'shape': [0, 1, 4, 4], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [16, 16, 4, 1], 'storage_offset': 0}, out={'tensor': True, "
                                "'dtype': 'bfloat16', 'shape': [4, 1, 4, 4], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [16, 16, 4, 1], 'storage_offset': 0})",
                        'choices': '414c014102014101004100410341014104410141044104410441054100',
                        'corpus': '/tmp/snap8/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_adaptive_avg_pool2d_backward.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [1, 1],
                                                        'torch.complex64': [2, 0],
                                                        'torch.float16': [1, 1],
                                                        'torch.float32': [8, 7],
                                                        'torch.int32': [3, 0],
                                                        'torch.int64': [5, 0]},
                                              'grad_output.kind': {'dense': [16, 9],
                                                                   'is_view': [2, 0],
                                                                   'transposed': [2, 0]},
                                              'grad_output.mode': {'plain': [13, 5],
                                                                   'sliced': [1, 0],
                                                                   'transposed': [6, 4]},
                                              'ndim': {'3': [5, 1], '4': [15, 8]},
                                              'out.dtype': {'same': [9, 7],
                                                            'torch.bool': [5, 0],
                                                            'torch.int64': [1, 0]},
                                              'out.relation': {'fresh': [15, 7],
                                                               'same': [3, 0],
                                                               'view': [2, 2]},
                                              'self.kind': {'dense': [9, 7],
                                                            'has_live_view': [2, 1],
                                                            'is_view': [6, 1]},
                                              'self.mode': {'expanded': [1, 0],
                                                            'plain': [11, 6],
                                                            'transposed': [4, 3],
                                                            'visible': [1, 0]},
                                              'self.relation': {'own': [17, 9],
                                                                'partial': [2, 0],
                                                                'view': [1, 0]},
                                              'square': {'False': [6, 2], 'True': [14, 7]},
                                              'tensors.mode': {'transposed': [4, 3]}},
                                  'total': [20, 9],
                                  'valid_rate': 0.45},
                        'target': 'aten::_adaptive_avg_pool2d_backward.out'}},
 'repro': {'op': 'aten::_adaptive_avg_pool2d_backward.out',
           'args': [{'tensor': {'dtype': 'bfloat16', 'shape': [2, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'bfloat16', 'shape': [0, 0, 1, 1], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(2, 1, 1, 1, dtype=torch.bfloat16)
self = torch.zeros(0, 0, 1, 1, dtype=torch.bfloat16)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten._adaptive_avg_pool2d_backward.out(grad_output, self, out=out_)


EXPECTED = """dies with SIGSEGV
"""
