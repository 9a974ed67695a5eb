# opprop crash repro: aten::_fft_c2c dies with SIGSEGV (segmentation fault) in aten::_fft_c2c on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._fft_c2c--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_fft_c2c dies with SIGSEGV (segmentation fault) in aten::_fft_c2c on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_fft_c2c',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_fft_c2c'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_fft_c2c',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::_sort_dims (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_fft_c2c',
             'called_op': 'aten::_fft_c2c',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 34, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': [65537, 65537],
                        'forward': True,
                        'normalization': -1,
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'math_bit': 'conj',
                                 'shape': [5],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::_fft_c2c: self={'tensor': True, 'dtype': 'complex64', 'shape': "
                                "[5], 'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': "
                                "0, 'math_bit': 'conj'}, dim=[65537, 65537], normalization=-1, forward=True)",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 33,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::_fft_c2c',
                        'target': 'aten::_fft_c2c',
                        'example': 34}},
 'repro': {'op': 'aten::_fft_c2c',
           'args': [{'tensor': {'dtype': 'complex64', 'shape': [], 'fill': 'zeros'}}, [0, 16281], -1, True],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.complex64)
torch.ops.aten._fft_c2c.default(self, [0, 16281], -1, True)


EXPECTED = """dies with SIGSEGV
"""
