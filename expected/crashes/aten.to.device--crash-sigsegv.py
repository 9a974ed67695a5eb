# opprop crash repro: aten::to.device dies with SIGSEGV (segmentation fault) in aten::to.device on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.to.device--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::to.device dies with SIGSEGV (segmentation fault) in aten::to.device on torch 2.13.0+cpu.

Public entry point: `self.to('cpu', torch.quint8, memory_format=torch.contiguous_format)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::to.device',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::to.device'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::to.device',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': "`self.to('cpu', torch.quint8, memory_format=torch.contiguous_format)`",
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::to.device',
             'called_op': 'aten::to.device',
             'detail': {'example': 469, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'copy': False,
                        'device': 'cpu',
                        'dtype': 'torch.quint8',
                        'memory_format': 'torch.contiguous_format',
                        'self': {'components': [[5], [6]],
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'nested': True,
                                 'shape': [2, None],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::to.device',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_strided',
                                'parts': [{'tensor': {'dtype': 'float32',
                                                      'shape': [5],
                                                      'fill': 'values',
                                                      'values': [0.0, 0.0, 0.0, 0.0, 0.0]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [6],
                                                      'fill': 'values',
                                                      'values': [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]}}]}},
                    {'literal': "torch.device('cpu')"},
                    {'literal': 'torch.quint8'}],
           'kwargs': {'memory_format': {'literal': 'torch.contiguous_format'}}}}

# ---- the repro ----
import torch

self = torch.nested.nested_tensor([torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.float32), torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.float32)], layout=torch.strided)
torch.ops.aten.to.device(self, torch.device('cpu'), torch.quint8, memory_format=torch.contiguous_format)


EXPECTED = """dies with SIGSEGV
"""
