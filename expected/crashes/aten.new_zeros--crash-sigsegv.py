# opprop crash repro: aten::new_zeros dies with SIGSEGV (segmentation fault) in aten::new_zeros on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.new_zeros--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::new_zeros dies with SIGSEGV (segmentation fault) in aten::new_zeros on torch 2.13.0+cpu.

Public entry point: `self.new_zeros([65537], dtype=torch.int8)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::new_zeros',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::new_zeros'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::new_zeros',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`self.new_zeros([65537], dtype=torch.int8)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::new_zeros',
             'called_op': 'aten::new_zeros',
             'detail': {'example': 88, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'dtype': 'torch.qint8',
                        'layout': None,
                        'pin_memory': True,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': '_mkldnn',
                                 'shape': [5],
                                 'tensor': True},
                        'size': [65537]},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::new_zeros',
           'args': [{'produced': {'op': 'aten::to_mkldnn',
                                  'args': [{'tensor': {'dtype': 'float32',
                                                       'shape': [5],
                                                       'fill': 'values',
                                                       'values': [0.0, 0.0, 0.0, 0.0, 0.0]}}],
                                  'kwargs': {}}},
                    [65537]],
           'kwargs': {'dtype': {'literal': 'torch.int8'}}}}

# ---- the repro ----
import torch

self_self = torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.float32)
self = torch.ops.aten.to_mkldnn.default(self_self)
torch.ops.aten.new_zeros.default(self, [65537], dtype=torch.int8)


EXPECTED = """dies with SIGSEGV
"""
