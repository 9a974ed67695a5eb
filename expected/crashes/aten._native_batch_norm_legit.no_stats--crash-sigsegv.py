# opprop crash repro: aten::_native_batch_norm_legit.no_stats dies with SIGSEGV (segmentation fault) in aten::_native_batch_norm_legit.no_stats on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten._native_batch_norm_legit.no_stats--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_native_batch_norm_legit.no_stats dies with SIGSEGV (segmentation fault) in aten::_native_batch_norm_legit.no_stats on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_native_batch_norm_legit.no_stats',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_native_batch_norm_legit.no_stats'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_native_batch_norm_legit.no_stats',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'public': '',
 'frame': 'at::native::{anonymous}::batch_norm_cpu_collect_linear_and_constant_terms (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_native_batch_norm_legit.no_stats',
             'invariant': 'crash',
             'found_via': 'property test of OpInfo _native_batch_norm_legit (ci profile): training=False, '
                          'weight, bias and running stats None',
             'detail': {'signal': 'SIGSEGV'}},
 'repro': {'op': 'aten::_native_batch_norm_legit.no_stats',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    None,
                    None,
                    False,
                    0.0,
                    0.0],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.zeros(1, 1, dtype=torch.float32)
torch.ops.aten._native_batch_norm_legit.no_stats(input, None, None, False, 0.0, 0.0)


EXPECTED = """dies with SIGSEGV
"""
