# opprop crash repro: aten::range.out dies with SIGFPE (floating-point exception) in aten::range.out on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.range.out--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::range.out dies with SIGFPE (floating-point exception) in aten::range.out on torch 2.13.0+cpu.

Public entry point: `torch.range(0, 0, 0.5, out=out)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::range.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::range.out'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::range.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'public': '`torch.range(0, 0, 0.5, out=out)`',
 'frame': 'at::native::range_out (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::range.out',
             'called_op': 'aten::range.out',
             'detail': {'example': 27, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'end': 1,
                        'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'start': 1,
                        'step': 0.5},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::range.out: 1, 1, 0.5, out={'tensor': True, 'dtype': 'int64', "
                                "'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0})",
                        'choices': '410241034102411241004100410141024101',
                        'database_key': 'aten::range.out',
                        'target': 'aten::range.out'}},
 'repro': {'op': 'aten::range.out',
           'args': [0, 0, 0.5],
           'kwargs': {'out': {'tensor': {'dtype': 'int64', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

out = torch.zeros(0, dtype=torch.int64)
torch.ops.aten.range.out(0, 0, 0.5, out=out)


EXPECTED = """dies with SIGFPE
"""
