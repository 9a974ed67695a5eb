# opprop crash repro: aten::replication_pad3d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::replication_pad3d_backward.grad_input on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.replication_pad3d_backward.grad_input--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::replication_pad3d_backward.grad_input dies with SIGSEGV (segmentation fault) in aten::replication_pad3d_backward.grad_input on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::replication_pad3d_backward.grad_input',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::replication_pad3d_backward.grad_input'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::replication_pad3d_backward.grad_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::replication_pad3d_backward.grad_input',
             'called_op': 'aten::replication_pad3d_backward.grad_input',
             'detail': {'example': 66, 'phase': 'example', 'signal': 'SIGSEGV'},
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
                                        'shape': [0, 1, 1, 1, 1],
                                        'storage_offset': 0,
                                        'stride': [1, 1, 1, 1, 1],
                                        'tensor': True},
                        'padding': [0, 0, 0, 0, 0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1, 1, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::replication_pad3d_backward.grad_input: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [0, 1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1, 1], 'storage_offset': 0}, [0, 0, 0, 0, 0, 0], "
                                "grad_input={'tensor': True, 'dtype': 'float32', 'shape': [0], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0})",
                        'choices': '41000141000041004100410041014100410041004100',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::replication_pad3d_backward.grad_input',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [3, 0],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [2, 2],
                                                        'torch.float32': [49, 37],
                                                        'torch.float64': [21, 16],
                                                        'torch.int32': [12, 0],
                                                        'torch.int64': [2, 0],
                                                        'torch.int8': [2, 0],
                                                        'torch.uint8': [2, 0]},
                                              'grad_input.dtype': {'floating': [8, 6],
                                                                   'same': [70, 44],
                                                                   'torch.bool': [8, 1],
                                                                   'torch.int64': [4, 0]},
                                              'grad_output.mode': {'expanded': [4, 0],
                                                                   'extreme': [4, 4],
                                                                   'offset': [1, 0],
                                                                   'plain': [71, 44],
                                                                   'sliced': [4, 3],
                                                                   'transposed': [2, 1],
                                                                   'visible': [3, 1],
                                                                   'zero_dim': [4, 0],
                                                                   'zero_size': [4, 2]},
                                              'padding.value': {'drawn': [80, 55],
                                                                'empty': [3, 0],
                                                                'own': [3, 0],
                                                                'single': [11, 0]},
                                              'tensors.mode': {'extreme': [4, 4],
                                                               'plain': [7, 0],
                                                               'sliced': [4, 3],
                                                               'zero_size': [5, 5]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::replication_pad3d_backward.grad_input',
                        'example': 66}},
 'repro': {'op': 'aten::replication_pad3d_backward.grad_input',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 1, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1, 1, 1], 'fill': 'zeros'}},
                    [0, 0, 0, 0, 0, 0]],
           'kwargs': {'grad_input': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 1, 1, 1, 1, dtype=torch.float32)
self = torch.zeros(1, 1, 1, 1, 1, dtype=torch.float32)
grad_input = torch.zeros(0, dtype=torch.float32)
torch.ops.aten.replication_pad3d_backward.grad_input(grad_output, self, [0, 0, 0, 0, 0, 0], grad_input=grad_input)


EXPECTED = """dies with SIGSEGV
"""
