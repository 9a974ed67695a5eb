# opprop crash repro: aten::replication_pad2d_backward dies with SIGSEGV (segmentation fault) in aten::replication_pad2d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.replication_pad2d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::replication_pad2d_backward dies with SIGSEGV (segmentation fault) in aten::replication_pad2d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::replication_pad2d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::replication_pad2d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::replication_pad2d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'at::internal::invoke_parallel (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::replication_pad2d_backward',
             'called_op': 'aten::replication_pad2d_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 29, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'tensor': True,
                                        'dtype': 'float16',
                                        'shape': [0, 4, 4, 4],
                                        'device': 'cpu',
                                        'layout': 'strided',
                                        'stride': [64, 16, 4, 1],
                                        'storage_offset': 0},
                        'self': {'tensor': True,
                                 'dtype': 'float16',
                                 'shape': [1, 4, 4, 4],
                                 'device': 'cpu',
                                 'layout': 'strided',
                                 'stride': [64, 16, 4, 1],
                                 'storage_offset': 1},
                        'padding': [0, 0, 0, 0]},
             'replay': {'database_key': 'opprop-fuzz:aten::replication_pad2d_backward',
                        'target': 'aten::replication_pad2d_backward',
                        'choices': '415c0141000141000041004104410241014101410441044104410441014105',
                        'steer': {'total': [0, 0],
                                  'valid_rate': None,
                                  'choices': {'dtype': {'torch.bfloat16': [1, 1],
                                                        'torch.bool': [5, 0],
                                                        'torch.complex64': [5, 4],
                                                        'torch.float32': [36, 29],
                                                        'torch.float64': [5, 5],
                                                        'torch.int32': [3, 0],
                                                        'torch.int64': [10, 2]},
                                              'grad_output.mode': {'expanded': [2, 2],
                                                                   'extreme': [6, 5],
                                                                   'offset': [4, 0],
                                                                   'plain': [38, 24],
                                                                   'sliced': [2, 2],
                                                                   'transposed': [2, 1],
                                                                   'visible': [1, 1],
                                                                   'zero_dim': [4, 0],
                                                                   'zero_size': [6, 6]},
                                              'padding.value': {'drawn': [56, 41],
                                                                'empty': [3, 0],
                                                                'own': [3, 0],
                                                                'single': [3, 0]},
                                              'self.mode': {'expanded': [1, 0],
                                                            'extreme': [2, 2],
                                                            'offset': [9, 3],
                                                            'plain': [29, 21],
                                                            'transposed': [3, 2],
                                                            'zero_dim': [3, 0],
                                                            'zero_size': [11, 9]}}},
                        'call': "Call(aten::replication_pad2d_backward: {'tensor': True, 'dtype': 'float16', "
                                "'shape': [0, 4, 4, 4], 'device': 'cpu', 'layout': 'strided', 'stride': [64, "
                                "16, 4, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float16', "
                                "'shape': [1, 4, 4, 4], 'device': 'cpu', 'layout': 'strided', 'stride': [64, "
                                "16, 4, 1], 'storage_offset': 1}, [0, 0, 0, 0])"}},
 'repro': {'op': 'aten::replication_pad2d_backward',
           'args': [{'tensor': {'dtype': 'float16', 'shape': [0, 0, 4, 4], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float16', 'shape': [1, 1, 4, 4], 'fill': 'zeros'}},
                    [0, 0, 0, 0]],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 0, 4, 4, dtype=torch.float16)
self = torch.zeros(1, 1, 4, 4, dtype=torch.float16)
torch.ops.aten.replication_pad2d_backward.default(grad_output, self, [0, 0, 0, 0])


EXPECTED = """dies with SIGSEGV
"""
