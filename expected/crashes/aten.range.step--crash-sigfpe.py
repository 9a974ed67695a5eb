# opprop crash repro: aten::range.step dies with SIGFPE (floating-point exception) in aten::range.step on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.range.step--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::range.step dies with SIGFPE (floating-point exception) in aten::range.step on torch 2.13.0+cpu.

Public entry point: `torch.range(0.001, 2.0, 0.001, dtype=torch.int32)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::range.step',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::range.step'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::range.step',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.range(0.001, 2.0, 0.001, dtype=torch.int32)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::range.step',
             'called_op': 'aten::range.step',
             'detail': {'example': 73, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'device': 'cpu',
                        'dtype': 'torch.int8',
                        'end': 1.0,
                        'pin_memory': None,
                        'start': -1,
                        'step': 0.001},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::range.step',
           'args': [0.001, 2.0, 0.001],
           'kwargs': {'dtype': {'literal': 'torch.int32'}}}}

# ---- the repro ----
import torch

torch.ops.aten.range.step(0.001, 2.0, 0.001, dtype=torch.int32)


EXPECTED = """dies with SIGFPE
"""
