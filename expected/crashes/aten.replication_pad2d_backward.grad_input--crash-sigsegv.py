# opprop crash repro: aten::replication_pad2d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::replication_pad2d_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.replication_pad2d_backward.grad_input--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::replication_pad2d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::replication_pad2d_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::replication_pad2d_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::replication_pad2d_backward.grad_input'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::replication_pad2d_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::replication_pad2d_backward.grad_input',
             'called_op': 'aten::replication_pad2d_backward.grad_input',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 30, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_input': {'device': 'cpu',
                                       'dtype': 'complex64',
                                       'layout': 'strided',
                                       'shape': [3, 4],
                                       'storage_offset': 0,
                                       'stride': [0, 1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'complex64',
                                        'layout': 'strided',
                                        'shape': [3, 4],
                                        'storage_offset': 0,
                                        'stride': [0, 1],
                                        'tensor': True},
                        'padding': [100, 100, 100, 100],
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [0, 1],
                                 'tensor': True}}},
 'repro': {'op': 'aten::replication_pad2d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float16', 'shape': [0, 0, 4, 4], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float16', 'shape': [1, 1, 4, 4], 'fill': 'zeros'}},
                    [0, 0, 0, 0]],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float16',
                                                'shape': [1, 1, 4, 4],
                                                'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 0, 4, 4, dtype=torch.float16)
self = torch.zeros(1, 1, 4, 4, dtype=torch.float16)
grad_input = torch.zeros(1, 1, 4, 4, dtype=torch.float16)
torch.ops.aten.replication_pad2d_backward.grad_input(grad_output, self, [0, 0, 0, 0], grad_input=grad_input)


EXPECTED = """dies with SIGSEGV
"""
