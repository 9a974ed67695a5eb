# opprop crash repro: aten::select.int dies with SIGSEGV (segmentation fault) in aten::select.int on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.select.int--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::select.int dies with SIGSEGV (segmentation fault) in aten::select.int on torch 2.13.0+cpu.

Public entry point: `torch.select(self, -1, 0)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::select.int',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::select.int'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::select.int',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.select(self, -1, 0)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::select.int',
             'called_op': 'aten::select.int',
             'detail': {'example': 26, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': -1,
                        'index': 100,
                        'self': {'components': [[5], [6]],
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'nested': True,
                                 'shape': [2, None],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::select.int',
           'args': [{'tensor': {'dtype': 'float64',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_strided',
                                'parts': [{'tensor': {'dtype': 'float64',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0.0]}},
                                          {'tensor': {'dtype': 'float64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0.0, 0.0]}}]}},
                    -1,
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.nested.nested_tensor([torch.tensor([0.0], dtype=torch.float64), torch.tensor([0.0, 0.0], dtype=torch.float64)], layout=torch.strided)
torch.ops.aten.select.int(self, -1, 0)


EXPECTED = """dies with SIGSEGV
"""
