# opprop crash repro: aten::smooth_l1_loss_backward dies with SIGFPE (floating-point exception) in aten::smooth_l1_loss_backward on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.smooth_l1_loss_backward--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::smooth_l1_loss_backward dies with SIGFPE (floating-point exception) in aten::smooth_l1_loss_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::smooth_l1_loss_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::smooth_l1_loss_backward'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::smooth_l1_loss_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'public': '',
 'frame': 'at::native::AVX2::vectorized_loop (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::smooth_l1_loss_backward',
             'called_op': 'aten::smooth_l1_loss_backward',
             'detail': {'example': 118, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'beta': 0.5,
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'int64',
                                        'layout': 'strided',
                                        'shape': [3, 3, 3, 3],
                                        'storage_offset': 0,
                                        'stride': [27, 9, 3, 1],
                                        'tensor': True},
                        'reduction': 1,
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [3, 3, 3, 3],
                                 'storage_offset': 0,
                                 'stride': [27, 9, 3, 1],
                                 'tensor': True},
                        'target': {'device': 'cpu',
                                   'dtype': 'int64',
                                   'layout': 'strided',
                                   'shape': [3, 3, 3, 3],
                                   'storage_offset': 0,
                                   'stride': [27, 9, 3, 1],
                                   'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::smooth_l1_loss_backward: {'tensor': True, 'dtype': 'int64', "
                                "'shape': [3, 3, 3, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [27, "
                                "9, 3, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'int64', 'shape': "
                                "[3, 3, 3, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [27, 9, 3, "
                                "1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'int64', 'shape': [3, "
                                "3, 3, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [27, 9, 3, 1], "
                                "'storage_offset': 0}, 1, 0.5)",
                        'choices': '41044102410341024105410441024101',
                        'database_key': 'aten::smooth_l1_loss_backward',
                        'target': 'aten::smooth_l1_loss_backward'}},
 'repro': {'op': 'aten::smooth_l1_loss_backward',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [3, 3], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [3, 3], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [3, 3], 'fill': 'zeros'}},
                    0,
                    0.0],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(3, 3, dtype=torch.int64)
self = torch.zeros(3, 3, dtype=torch.int64)
target = torch.zeros(3, 3, dtype=torch.int64)
torch.ops.aten.smooth_l1_loss_backward.default(grad_output, self, target, 0, 0.0)


EXPECTED = """dies with SIGFPE
"""
