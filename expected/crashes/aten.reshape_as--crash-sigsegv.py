# opprop crash repro: aten::reshape_as dies with SIGSEGV (segmentation fault) in aten::reshape_as on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.reshape_as--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::reshape_as dies with SIGSEGV (segmentation fault) in aten::reshape_as on torch 2.13.0+cpu.

Public entry point: `self.reshape_as(other)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::reshape_as',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::reshape_as'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::reshape_as',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`self.reshape_as(other)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::reshape_as',
             'called_op': 'aten::reshape_as',
             'detail': {'example': 206, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'other': {'components': [[1], [2]],
                                  'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'jagged',
                                  'nested': True,
                                  'shape': [2, None],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float16',
                                 'layout': 'strided',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [0, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::reshape_as',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'values': [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float32',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0.0]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0.0, 0.0]}}]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.float32).reshape(3, 4)
other = torch.nested.nested_tensor([torch.tensor([0.0], dtype=torch.float32), torch.tensor([0.0, 0.0], dtype=torch.float32)], layout=torch.jagged)
torch.ops.aten.reshape_as.default(self, other)


EXPECTED = """dies with SIGSEGV
"""
