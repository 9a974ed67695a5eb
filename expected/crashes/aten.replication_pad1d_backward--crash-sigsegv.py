# opprop crash repro: aten::replication_pad1d_backward dies with SIGSEGV (segmentation fault) in aten::replication_pad1d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.replication_pad1d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::replication_pad1d_backward dies with SIGSEGV (segmentation fault) in aten::replication_pad1d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::replication_pad1d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::replication_pad1d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::replication_pad1d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::replication_pad1d_backward',
             'called_op': 'aten::replication_pad1d_backward',
             'detail': {'example': 103, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'float64',
                                        'layout': 'strided',
                                        'shape': [0, 1, 1],
                                        'storage_offset': 0,
                                        'stride': [1, 1, 1],
                                        'tensor': True},
                        'padding': [0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1],
                                 'storage_offset': 1,
                                 'stride': [1, 1, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::replication_pad1d_backward: {'tensor': True, 'dtype': 'float64', "
                                "'shape': [0, 1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, "
                                "1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float64', 'shape': [1, "
                                "1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, 1], "
                                "'storage_offset': 1}, [0, 0])",
                        'choices': '4101411b014100004100410241024101410141014101',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::replication_pad1d_backward',
                        'steer': {'choices': {'dtype': {'torch.bool': [4, 0],
                                                        'torch.complex64': [3, 3],
                                                        'torch.float16': [12, 10],
                                                        'torch.float32': [24, 19],
                                                        'torch.float64': [5, 2],
                                                        'torch.int32': [3, 0],
                                                        'torch.int64': [12, 5],
                                                        'torch.int8': [3, 0],
                                                        'torch.uint8': [3, 0]},
                                              'grad_output.kind': {'dense': [57, 37],
                                                                   'has_live_view': [6, 0],
                                                                   'is_view': [3, 0],
                                                                   'transposed': [3, 2]},
                                              'padding.value': {'drawn': [59, 39],
                                                                'empty': [2, 0],
                                                                'own': [2, 0],
                                                                'single': [6, 0]},
                                              'self.relation': {'own': [47, 31],
                                                                'partial': [8, 4],
                                                                'same': [3, 0],
                                                                'view': [11, 4]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::replication_pad1d_backward',
                        'example': 103}},
 'repro': {'op': 'aten::replication_pad1d_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    [0, 0]],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 1, 1, dtype=torch.float32)
self = torch.zeros(1, 1, 1, dtype=torch.float32)
torch.ops.aten.replication_pad1d_backward.default(grad_output, self, [0, 0])


EXPECTED = """dies with SIGSEGV
"""
