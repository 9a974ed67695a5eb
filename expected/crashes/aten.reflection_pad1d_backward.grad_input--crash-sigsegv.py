# opprop crash repro: aten::reflection_pad1d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::reflection_pad1d_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.reflection_pad1d_backward.grad_input--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::reflection_pad1d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::reflection_pad1d_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::reflection_pad1d_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::reflection_pad1d_backward.grad_input'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::reflection_pad1d_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::reflection_pad1d_backward.grad_input',
             'called_op': 'aten::reflection_pad1d_backward.grad_input',
             'detail': {'example': 85, 'phase': 'example', 'signal': 'SIGSEGV'},
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
                                        'shape': [1, 1, 1],
                                        'storage_offset': 0,
                                        'stride': [1, 1, 1],
                                        'tensor': True},
                        'padding': [],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::reflection_pad1d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'values', 'values': [0.0]}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'values', 'values': [0.0]}},
                    []],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float32',
                                                'shape': [0],
                                                'fill': 'values',
                                                'values': []}}}}}

# ---- the repro ----
import torch

grad_output = torch.tensor([0.0], dtype=torch.float32).reshape(1, 1, 1)
self = torch.tensor([0.0], dtype=torch.float32).reshape(1, 1, 1)
grad_input = torch.tensor([], dtype=torch.float32)
torch.ops.aten.reflection_pad1d_backward.grad_input(grad_output, self, [], grad_input=grad_input)


EXPECTED = """dies with SIGSEGV
"""
