# opprop crash repro: aten::_adaptive_avg_pool2d_backward dies with SIGSEGV (segmentation fault) in aten::_adaptive_avg_pool2d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._adaptive_avg_pool2d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_adaptive_avg_pool2d_backward dies with SIGSEGV (segmentation fault) in aten::_adaptive_avg_pool2d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_adaptive_avg_pool2d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_adaptive_avg_pool2d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_adaptive_avg_pool2d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'at::native::{anonymous}::adapative_avg_pool2d_backward_kernel_impl (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_adaptive_avg_pool2d_backward',
             'called_op': 'aten::_adaptive_avg_pool2d_backward',
             'detail': {'example': 52, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'float64',
                                        'layout': 'strided',
                                        'shape': [1, 1, 1, 4],
                                        'storage_offset': 0,
                                        'stride': [4, 4, 4, 1],
                                        'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [0, 1, 1, 4],
                                 'storage_offset': 0,
                                 'stride': [4, 4, 4, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_adaptive_avg_pool2d_backward: {'tensor': True, 'dtype': "
                                "'float64', 'shape': [1, 1, 1, 4], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [4, 4, 4, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float64', 'shape': [0, 1, 1, 4], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [4, 4, 4, 1], 'storage_offset': 0})",
                        'choices': '4101415c014101004100410241014101410141014104410141044104',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_adaptive_avg_pool2d_backward',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [2, 2],
                                                        'torch.bool': [4, 0],
                                                        'torch.float32': [20, 19],
                                                        'torch.int64': [1, 0],
                                                        'torch.int8': [1, 0],
                                                        'torch.uint8': [1, 0]},
                                              'grad_output.mode': {'extreme': [3, 0],
                                                                   'offset': [2, 2],
                                                                   'plain': [22, 18],
                                                                   'sliced': [1, 1],
                                                                   'zero_dim': [1, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::_adaptive_avg_pool2d_backward'}},
 'repro': {'op': 'aten::_adaptive_avg_pool2d_backward',
           'args': [{'tensor': {'dtype': 'float64', 'shape': [1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float64', 'shape': [0, 0, 1, 1], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 1, 1, 1, dtype=torch.float64)
self = torch.zeros(0, 0, 1, 1, dtype=torch.float64)
torch.ops.aten._adaptive_avg_pool2d_backward.default(grad_output, self)


EXPECTED = """dies with SIGSEGV
"""
