# opprop crash repro: aten::replication_pad3d_backward dies with SIGSEGV (segmentation fault) in aten::replication_pad3d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.replication_pad3d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::replication_pad3d_backward dies with SIGSEGV (segmentation fault) in aten::replication_pad3d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::replication_pad3d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::replication_pad3d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::replication_pad3d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'at::internal::invoke_parallel (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::replication_pad3d_backward',
             'called_op': 'aten::replication_pad3d_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 147, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'tensor': True,
                                        'dtype': 'bfloat16',
                                        'shape': [0, 2, 2, 2, 2],
                                        'device': 'cpu',
                                        'layout': 'strided',
                                        'stride': [16, 8, 4, 2, 1],
                                        'storage_offset': 0},
                        'self': {'tensor': True,
                                 'dtype': 'bfloat16',
                                 'shape': [2, 2, 2, 2, 2],
                                 'device': 'cpu',
                                 'layout': 'strided',
                                 'stride': [16, 8, 4, 2, 1],
                                 'storage_offset': 0},
                        'padding': [0, 0, 0, 0, 0, 0]},
             'replay': {'database_key': 'opprop-fuzz:aten::replication_pad3d_backward',
                        'target': 'aten::replication_pad3d_backward',
                        'choices': '4126014103014100004100410241024102410341024104',
                        'steer': {'total': [0, 0],
                                  'valid_rate': None,
                                  'choices': {'dtype': {'torch.bfloat16': [6, 4],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [4, 4],
                                                        'torch.float16': [3, 2],
                                                        'torch.float32': [37, 36],
                                                        'torch.float64': [7, 4],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [2, 0],
                                                        'torch.int8': [3, 0],
                                                        'torch.uint8': [1, 0]},
                                              'grad_output.kind': {'dense': [47, 34],
                                                                   'has_live_view': [3, 0],
                                                                   'is_view': [10, 10],
                                                                   'transposed': [7, 6]},
                                              'grad_output.mode': {'expanded': [3, 3],
                                                                   'extreme': [2, 1],
                                                                   'offset': [2, 1],
                                                                   'plain': [54, 42],
                                                                   'sliced': [1, 1],
                                                                   'transposed': [2, 2],
                                                                   'zero_dim': [3, 0]},
                                              'padding.value': {'drawn': [57, 50],
                                                                'empty': [3, 0],
                                                                'own': [3, 0],
                                                                'single': [4, 0]},
                                              'self.mode': {'expanded': [4, 4],
                                                            'extreme': [1, 1],
                                                            'offset': [1, 1],
                                                            'plain': [45, 34],
                                                            'sliced': [4, 4],
                                                            'transposed': [3, 2],
                                                            'zero_dim': [3, 0]},
                                              'tensors.mode': {'expanded': [2, 2],
                                                               'plain': [2, 0],
                                                               'transposed': [2, 2],
                                                               'zero_dim': [3, 0]}}},
                        'call': "Call(aten::replication_pad3d_backward: {'tensor': True, 'dtype': "
                                "'bfloat16', 'shape': [0, 2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [16, 8, 4, 2, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'bfloat16', 'shape': [2, 2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [16, 8, 4, 2, 1], 'storage_offset': 0}, [0, 0, 0, 0, 0, 0])"}},
 'repro': {'op': 'aten::replication_pad3d_backward',
           'args': [{'tensor': {'dtype': 'bfloat16', 'shape': [0, 2, 2, 2, 2], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'bfloat16', 'shape': [1, 2, 2, 2, 2], 'fill': 'zeros'}},
                    [0, 0, 0, 0, 0, 0]],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 2, 2, 2, 2, dtype=torch.bfloat16)
self = torch.zeros(1, 2, 2, 2, 2, dtype=torch.bfloat16)
torch.ops.aten.replication_pad3d_backward.default(grad_output, self, [0, 0, 0, 0, 0, 0])


EXPECTED = """dies with SIGSEGV
"""
