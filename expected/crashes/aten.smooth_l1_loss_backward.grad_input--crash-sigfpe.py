# opprop crash repro: aten::smooth_l1_loss_backward.grad_input dies with SIGFPE (floating-point exception) in aten::smooth_l1_loss_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.smooth_l1_loss_backward.grad_input--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::smooth_l1_loss_backward.grad_input dies with SIGFPE (floating-point exception) in aten::smooth_l1_loss_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::smooth_l1_loss_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::smooth_l1_loss_backward.grad_input'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::smooth_l1_loss_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::smooth_l1_loss_backward.grad_input',
             'called_op': 'aten::smooth_l1_loss_backward.grad_input',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 70, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'beta': 0.5,
                        'grad_input': {'device': 'cpu',
                                       'dtype': 'int64',
                                       'layout': 'strided',
                                       'shape': [0],
                                       'storage_offset': 0,
                                       'stride': [1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'int64',
                                        'layout': 'strided',
                                        'shape': [3, 3],
                                        'storage_offset': 0,
                                        'stride': [3, 1],
                                        'tensor': True},
                        'reduction': 1,
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [3, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'target': {'device': 'cpu',
                                   'dtype': 'int64',
                                   'layout': 'strided',
                                   'shape': [3, 3],
                                   'storage_offset': 1,
                                   'stride': [3, 1],
                                   'tensor': True}}},
 'repro': {'op': 'aten::smooth_l1_loss_backward.grad_input',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [3, 3], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [3, 3], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [3, 3], 'fill': 'zeros'}},
                    0,
                    0.0],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'int64', 'shape': [3, 3], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(3, 3, dtype=torch.int64)
self = torch.zeros(3, 3, dtype=torch.int64)
target = torch.zeros(3, 3, dtype=torch.int64)
grad_input = torch.zeros(3, 3, dtype=torch.int64)
torch.ops.aten.smooth_l1_loss_backward.grad_input(grad_output, self, target, 0, 0.0, grad_input=grad_input)


EXPECTED = """dies with SIGFPE
"""
