# opprop crash repro: aten::reflection_pad2d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::reflection_pad2d_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.reflection_pad2d_backward.grad_input--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::reflection_pad2d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::reflection_pad2d_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::reflection_pad2d_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::reflection_pad2d_backward.grad_input'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::reflection_pad2d_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::internal::invoke_parallel (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::reflection_pad2d_backward.grad_input',
             'called_op': 'aten::reflection_pad2d_backward.grad_input',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 91, 'phase': 'example', 'signal': 'SIGSEGV'},
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
                                        'shape': [0, 3, 3, 2],
                                        'storage_offset': 0,
                                        'stride': [18, 6, 2, 1],
                                        'tensor': True},
                        'padding': [0, 0, 0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 3, 3, 2],
                                 'storage_offset': 0,
                                 'stride': [18, 6, 2, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::reflection_pad2d_backward.grad_input: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [0, 3, 3, 2], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [18, 6, 2, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [2, 3, 3, 2], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [18, 6, 2, 1], 'storage_offset': 0}, [0, 0, 0, 0], "
                                "grad_input={'tensor': True, 'dtype': 'float32', 'shape': [0], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0})",
                        'choices': '42009d014100004100410241014102410341034102410341054106410741044103',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::reflection_pad2d_backward.grad_input',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [2, 0],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [15, 14],
                                                        'torch.float16': [1, 1],
                                                        'torch.float32': [40, 35],
                                                        'torch.float64': [9, 9],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [8, 0],
                                                        'torch.uint8': [1, 0]},
                                              'grad_input.dtype': {'floating': [10, 9],
                                                                   'same': [53, 48],
                                                                   'torch.bool': [13, 0],
                                                                   'torch.int64': [2, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::reflection_pad2d_backward.grad_input',
                        'example': 91}},
 'repro': {'op': 'aten::reflection_pad2d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 0, 3, 2], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 3, 2], 'fill': 'zeros'}},
                    [0, 0, 0, 0]],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 0, 3, 2, dtype=torch.float32)
self = torch.zeros(1, 1, 3, 2, dtype=torch.float32)
grad_input = torch.zeros((), dtype=torch.float32)
torch.ops.aten.reflection_pad2d_backward.grad_input(grad_output, self, [0, 0, 0, 0], grad_input=grad_input)


EXPECTED = """dies with SIGSEGV
"""
