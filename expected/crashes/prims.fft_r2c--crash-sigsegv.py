# opprop crash repro: prims::fft_r2c dies with SIGSEGV (segmentation fault) in prims::fft_r2c on torch 2.13.0+cpu.
# Run it with torch and nothing else: python prims.fft_r2c--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""prims::fft_r2c dies with SIGSEGV (segmentation fault) in prims::fft_r2c on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'prims::fft_r2c',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'prims::fft_r2c'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in prims::fft_r2c',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'c10::fromIntArrayRefSlow (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'prims::fft_r2c',
             'called_op': 'prims::fft_r2c',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 27, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': [-2],
                        'onesided': True,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'math_bit': 'neg',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 20, 5, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(prims::fft_r2c: self={'tensor': True, 'dtype': 'float32', 'shape': [2, "
                                "3, 4, 5], 'device': 'cpu', 'layout': 'strided', 'stride': [60, 20, 5, 1], "
                                "'storage_offset': 0, 'math_bit': 'neg'}, dim=[-2], onesided=True)",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 26,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:prims::fft_r2c',
                        'target': 'prims::fft_r2c',
                        'example': 27}},
 'repro': {'op': 'prims::fft_r2c',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 0], 'fill': 'zeros'}}],
           'kwargs': {'dim': [-2], 'onesided': True}}}

# ---- the repro ----
import torch

self = torch.zeros(0, 0, dtype=torch.float32)
torch.ops.prims.fft_r2c.default(self, dim=[-2], onesided=True)


EXPECTED = """dies with SIGSEGV
"""
