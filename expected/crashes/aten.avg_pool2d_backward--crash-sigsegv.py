# opprop crash repro: aten::avg_pool2d_backward dies with SIGSEGV (segmentation fault) in aten::avg_pool2d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.avg_pool2d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::avg_pool2d_backward dies with SIGSEGV (segmentation fault) in aten::avg_pool2d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::avg_pool2d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::avg_pool2d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::avg_pool2d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::avg_pool2d_backward',
             'called_op': 'aten::avg_pool2d_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 8, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'ceil_mode': False,
                        'count_include_pad': True,
                        'divisor_override': None,
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float16',
                                        'layout': 'strided',
                                        'shape': [2, 2, 2, 2],
                                        'storage_offset': 1,
                                        'stride': [8, 4, 2, 1],
                                        'tensor': True},
                        'kernel_size': [1, 1],
                        'padding': [0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'float16',
                                 'layout': 'strided',
                                 'shape': [0, 2, 2, 2],
                                 'storage_offset': 0,
                                 'stride': [8, 4, 2, 1],
                                 'tensor': True},
                        'stride': [1, 1]},
             'replay': {'call': "Call(aten::avg_pool2d_backward: {'tensor': True, 'dtype': 'float16', "
                                "'shape': [2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [8, "
                                "4, 2, 1], 'storage_offset': 1}, {'tensor': True, 'dtype': 'float16', "
                                "'shape': [0, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [8, "
                                "4, 2, 1], 'storage_offset': 0}, [1, 1], [1, 1], [0, 0], False, True, None)",
                        'choices': '410141350141010141000041004105410241004102410541074104000141014100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::avg_pool2d_backward',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [1, 1],
                                                        'torch.bool': [1, 0],
                                                        'torch.float32': [7, 6],
                                                        'torch.int32': [1, 0],
                                                        'torch.int8': [1, 0],
                                                        'torch.uint8': [3, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::avg_pool2d_backward',
                        'example': 8}},
 'repro': {'op': 'aten::avg_pool2d_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 2, 2, 2], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0, 2, 2, 2], 'fill': 'zeros'}},
                    [1, 1],
                    [1, 1],
                    [0, 0],
                    False,
                    True,
                    None],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 2, 2, 2, dtype=torch.float32)
self = torch.zeros(0, 2, 2, 2, dtype=torch.float32)
torch.ops.aten.avg_pool2d_backward.default(grad_output, self, [1, 1], [1, 1], [0, 0], False, True, None)


EXPECTED = """dies with SIGSEGV
"""
