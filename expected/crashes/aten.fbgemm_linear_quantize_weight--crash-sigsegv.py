# opprop crash repro: aten::fbgemm_linear_quantize_weight dies with SIGSEGV (segmentation fault) in aten::fbgemm_linear_quantize_weight on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fbgemm_linear_quantize_weight--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fbgemm_linear_quantize_weight dies with SIGSEGV (segmentation fault) in aten::fbgemm_linear_quantize_weight on torch 2.13.0+cpu.

Public entry point: `torch.fbgemm_linear_quantize_weight(input)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fbgemm_linear_quantize_weight',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::fbgemm_linear_quantize_weight'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::fbgemm_linear_quantize_weight',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.fbgemm_linear_quantize_weight(input)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::fbgemm_linear_quantize_weight',
             'called_op': 'aten::fbgemm_linear_quantize_weight',
             'detail': {'example': 63, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'input': {'components': [[5], [6]],
                                  'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'jagged',
                                  'nested': True,
                                  'shape': [2, None],
                                  'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::fbgemm_linear_quantize_weight',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [4, 1, 0], 'fill': 'values', 'values': []}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.tensor([], dtype=torch.float32).reshape(4, 1, 0)
torch.ops.aten.fbgemm_linear_quantize_weight.default(input)


EXPECTED = """dies with SIGSEGV
"""
