# opprop crash repro: aten::native_batch_norm dies with SIGSEGV (segmentation fault) in aten::native_batch_norm on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.native_batch_norm--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::native_batch_norm dies with SIGSEGV (segmentation fault) in aten::native_batch_norm on torch 2.13.0+cpu.

Public entry point: `torch.native_batch_norm(input, None, None, None, None, False, 0.0, 0.0)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::native_batch_norm',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::native_batch_norm'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::native_batch_norm',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'public': '`torch.native_batch_norm(input, None, None, None, None, False, 0.0, 0.0)`',
 'frame': 'at::native::{anonymous}::batch_norm_cpu_collect_linear_and_constant_terms (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::native_batch_norm',
             'invariant': 'crash',
             'found_via': 'property test of OpInfo native_batch_norm (ci profile): training=False, weight, '
                          'bias and running stats None',
             'detail': {'signal': 'SIGSEGV'}},
 'repro': {'op': 'aten::native_batch_norm',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    None,
                    None,
                    None,
                    None,
                    False,
                    0.0,
                    0.0],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.zeros(1, 1, dtype=torch.float32)
torch.ops.aten.native_batch_norm.default(input, None, None, None, None, False, 0.0, 0.0)


EXPECTED = """dies with SIGSEGV
"""
