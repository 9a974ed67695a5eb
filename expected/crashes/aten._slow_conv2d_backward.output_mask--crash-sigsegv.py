# opprop crash repro: aten::_slow_conv2d_backward.output_mask dies with SIGSEGV (segmentation fault) in aten::_slow_conv2d_backward.output_mask on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._slow_conv2d_backward.output_mask--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_slow_conv2d_backward.output_mask dies with SIGSEGV (segmentation fault) in aten::_slow_conv2d_backward.output_mask on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_slow_conv2d_backward.output_mask',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_slow_conv2d_backward.output_mask'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_slow_conv2d_backward.output_mask',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_slow_conv2d_backward.output_mask',
             'called_op': 'aten::_slow_conv2d_backward.output_mask',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 8, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'uint8',
                                        'layout': 'strided',
                                        'shape': [3, 3, 3, 3],
                                        'storage_offset': 0,
                                        'stride': [27, 9, 3, 1],
                                        'tensor': True},
                        'kernel_size': [],
                        'output_mask': [True, True, True],
                        'padding': [0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'uint8',
                                 'layout': 'strided',
                                 'shape': [3, 3, 3, 3],
                                 'storage_offset': 1,
                                 'stride': [27, 9, 3, 1],
                                 'tensor': True},
                        'stride': [1, 1],
                        'weight': {'device': 'cpu',
                                   'dtype': 'uint8',
                                   'layout': 'strided',
                                   'shape': [3, 3, 1, 1],
                                   'storage_offset': 0,
                                   'stride': [3, 1, 1, 1],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::_slow_conv2d_backward.output_mask: {'tensor': True, 'dtype': "
                                "'uint8', 'shape': [3, 3, 3, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [27, 9, 3, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'uint8', 'shape': [3, 3, 3, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [27, 9, 3, 1], 'storage_offset': 1}, {'tensor': True, 'dtype': "
                                "'uint8', 'shape': [3, 3, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [3, 1, 1, 1], 'storage_offset': 0}, [], [1, 1], [0, 0], [True, "
                                'True, True])',
                        'choices': '4102416501410601410100410141054102410241034108410541044100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_slow_conv2d_backward.output_mask',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_slow_conv2d_backward.output_mask',
                        'example': 8}},
 'repro': {'op': 'aten::_slow_conv2d_backward.output_mask',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    [],
                    [1, 1],
                    [0, 0],
                    [True, True, True]],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros((), dtype=torch.float32)
self = torch.zeros((), dtype=torch.float32)
weight = torch.zeros((), dtype=torch.float32)
torch.ops.aten._slow_conv2d_backward.output_mask(grad_output, self, weight, [], [1, 1], [0, 0], [True, True, True])


EXPECTED = """dies with SIGSEGV
"""
