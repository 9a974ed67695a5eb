# opprop crash repro: aten::fractional_max_pool3d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool3d_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fractional_max_pool3d_backward.grad_input--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fractional_max_pool3d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool3d_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fractional_max_pool3d_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::fractional_max_pool3d_backward.grad_input'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::fractional_max_pool3d_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::{anonymous}::fractional_max_pool3d_backward_out_cpu_template (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::fractional_max_pool3d_backward.grad_input',
             'called_op': 'aten::fractional_max_pool3d_backward.grad_input',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 50, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_input': {'device': 'cpu',
                                       'dtype': 'complex64',
                                       'layout': 'strided',
                                       'shape': [0],
                                       'storage_offset': 0,
                                       'stride': [1],
                                       'tensor': True},
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'complex64',
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
                        'output_size': [],
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'shape': [2, 2, 2, 2, 2],
                                 'storage_offset': 0,
                                 'stride': [16, 8, 4, 2, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::fractional_max_pool3d_backward.grad_input: {'tensor': True, "
                                "'dtype': 'complex64', 'shape': [2, 2, 2, 2, 2], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [16, 8, 4, 2, 1], 'storage_offset': 0}, {'tensor': "
                                "True, 'dtype': 'complex64', 'shape': [2, 2, 2, 2, 2], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [16, 8, 4, 2, 1], 'storage_offset': 0}, [1, "
                                "1, 1], [], {'tensor': True, 'dtype': 'int64', 'shape': [2], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0}, "
                                "grad_input={'tensor': True, 'dtype': 'complex64', 'shape': [0], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0})",
                        'choices': '417301410201410600410141024100410241044104410241034105',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::fractional_max_pool3d_backward.grad_input',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::fractional_max_pool3d_backward.grad_input',
                        'example': 50}},
 'repro': {'op': 'aten::fractional_max_pool3d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    [0, 0, 0],
                    [],
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros((), dtype=torch.float32)
self = torch.zeros((), dtype=torch.float32)
indices = torch.zeros((), dtype=torch.float32)
grad_input = torch.zeros((), dtype=torch.float32)
torch.ops.aten.fractional_max_pool3d_backward.grad_input(grad_output, self, [0, 0, 0], [], indices, grad_input=grad_input)


EXPECTED = """dies with SIGSEGV
"""
