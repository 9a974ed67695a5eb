# opprop crash repro: aten::_fft_r2c dies with SIGSEGV (segmentation fault) in aten::_fft_r2c on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._fft_r2c--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_fft_r2c dies with SIGSEGV (segmentation fault) in aten::_fft_r2c on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_fft_r2c',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_fft_r2c'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_fft_r2c',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::_fft_r2c_mkl (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_fft_r2c',
             'called_op': 'aten::_fft_r2c',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 25, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': [3, -2, 65537],
                        'normalization': 4,
                        'onesided': True,
                        'self': {'device': 'cpu',
                                 'dtype': 'bfloat16',
                                 'layout': 'strided',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [1, 3],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::_fft_r2c: self={'tensor': True, 'dtype': 'bfloat16', 'shape': "
                                "[3, 4], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 3], "
                                "'storage_offset': 0}, dim=[3, -2, 65537], normalization=4, onesided=True)",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 24,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::_fft_r2c',
                        'target': 'aten::_fft_r2c',
                        'example': 25}},
 'repro': {'op': 'aten::_fft_r2c',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}, [0, -2, 499], 0, True],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
torch.ops.aten._fft_r2c.default(self, [0, -2, 499], 0, True)


EXPECTED = """dies with SIGSEGV
"""
