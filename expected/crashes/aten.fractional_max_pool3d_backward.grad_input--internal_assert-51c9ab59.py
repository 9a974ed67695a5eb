# opprop crash repro: aten::fractional_max_pool3d_backward.grad_input fails an internal assert in aten::fractional_max_pool3d_backward.grad_input: index >= 0 && index < inputT * inputH * inputW INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool3d.cpp":280 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fractional_max_pool3d_backward.grad_input--internal_assert-51c9ab59.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fractional_max_pool3d_backward.grad_input fails an internal assert in aten::fractional_max_pool3d_backward.grad_input: index >= 0 && index < inputT * inputH * inputW INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool3d.cpp":280 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fractional_max_pool3d_backward.grad_input',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'index >= 0 && index < inputT * inputH * inputW INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool3d.cpp":280',
             'op': 'aten::fractional_max_pool3d_backward.grad_input'},
 'outcome_text': 'fails an internal assert in aten::fractional_max_pool3d_backward.grad_input: index >= 0 && '
                 'index < inputT * inputH * inputW INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool3d.cpp":280',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::fractional_max_pool3d_backward.grad_input',
             'called_op': 'aten::fractional_max_pool3d_backward.grad_input',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'index >= 0 && index < inputT * inputH * inputW INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool3d.cpp":280, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'grad_input': {'device': 'cpu',
                                       'dtype': 'float32',
                                       'layout': 'strided',
                                       'shape': [2, 2, 2, 2, 2],
                                       'storage_offset': 0,
                                       'stride': [16, 8, 4, 2, 1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [2, 2, 2, 2, 2],
                                        'storage_offset': 0,
                                        'stride': [16, 8, 4, 2, 1],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [2],
                                    'storage_offset': 0,
                                    'stride': [1],
                                    'tensor': True},
                        'kernel_size': [1, 1, 1],
                        'output_size': [2, 2, 2],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 2, 2, 2, 2],
                                 'storage_offset': 0,
                                 'stride': [16, 8, 4, 2, 1],
                                 'tensor': True}},
             'replay': {'choices': '410b41004100410241004100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::fractional_max_pool3d_backward.grad_input',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::fractional_max_pool3d_backward.grad_input'}},
 'repro': {'op': 'aten::fractional_max_pool3d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 0, 2, 2, 2], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 0, 0, 0], 'fill': 'zeros'}},
                    [0, 0, 0],
                    [2, 2, 2],
                    {'tensor': {'dtype': 'int64', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 0, 2, 2, 2, dtype=torch.float32)
self = torch.zeros(1, 1, 0, 0, 0, dtype=torch.float32)
indices = torch.zeros((), dtype=torch.int64)
grad_input = torch.zeros((), dtype=torch.float32)
torch.ops.aten.fractional_max_pool3d_backward.grad_input(grad_output, self, [0, 0, 0], [2, 2, 2], indices, grad_input=grad_input)


EXPECTED = """internal assert: index >= 0 && index < inputT * inputH * inputW INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/FractionalMaxPool3d.cpp":280
"""
