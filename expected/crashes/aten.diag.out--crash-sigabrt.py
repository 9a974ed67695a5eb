# opprop crash repro: aten::diag.out dies with SIGABRT (abort) in aten::diag.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.diag.out--crash-sigabrt.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::diag.out dies with SIGABRT (abort) in aten::diag.out on torch 2.13.0+cpu.

Public entry point: `torch.diag(self, 100, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::diag.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGABRT', 'op': 'aten::diag.out'},
 'outcome_text': 'dies with SIGABRT (abort) in aten::diag.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.diag(self, 100, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::diag.out',
             'called_op': 'aten::diag.out',
             'detail': {'example': 225, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'diagonal': 100,
                        'out': {'device': 'cpu',
                                'dtype': 'bfloat16',
                                'layout': '_mkldnn',
                                'shape': [5],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'bfloat16',
                                 'layout': '_mkldnn',
                                 'shape': [5],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::diag.out',
           'args': [{'produced': {'op': 'aten::to_mkldnn',
                                  'args': [{'tensor': {'dtype': 'bfloat16',
                                                       'shape': [5],
                                                       'fill': 'values',
                                                       'values': [0.0, 0.0, 0.0, 0.0, 0.0]}}],
                                  'kwargs': {}}},
                    100],
           'kwargs': {'out': {'produced': {'op': 'aten::to_mkldnn',
                                           'args': [{'tensor': {'dtype': 'bfloat16',
                                                                'shape': [5],
                                                                'fill': 'values',
                                                                'values': [0.0, 0.0, 0.0, 0.0, 0.0]}}],
                                           'kwargs': {}}}}}}

# ---- the repro ----
import torch

self_self = torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.bfloat16)
self = torch.ops.aten.to_mkldnn.default(self_self)
out__self = torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.bfloat16)
out_ = torch.ops.aten.to_mkldnn.default(out__self)
torch.ops.aten.diag.out(self, 100, out=out_)


EXPECTED = """dies with SIGABRT
"""
