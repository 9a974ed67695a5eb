# opprop crash repro: prims::fft_c2r fails an internal assert in prims::fft_c2r: in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python prims.fft_c2r--internal_assert-17774a2f.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""prims::fft_c2r fails an internal assert in prims::fft_c2r: in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'prims::fft_c2r',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL '
                     'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462',
             'op': 'prims::fft_c2r'},
 'outcome_text': 'fails an internal assert in prims::fft_c2r: in_size == signal_size[i + 1] || in_size == '
                 '(signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'prims::fft_c2r',
             'called_op': 'prims::fft_c2r',
             'detail': {'error': 'in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 '
                                 'INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': [0],
                        'last_dim_size': 7,
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 20, 5, 1],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 205,
                        'crossing_seed': 500,
                        'target': 'prims::fft_c2r'}},
 'repro': {'op': 'prims::fft_c2r',
           'args': [{'tensor': {'dtype': 'complex64', 'shape': [1], 'fill': 'zeros'}}],
           'kwargs': {'dim': [0], 'last_dim_size': 2}}}

# ---- the repro ----
import torch

self = torch.zeros(1, dtype=torch.complex64)
torch.ops.prims.fft_c2r.default(self, dim=[0], last_dim_size=2)


EXPECTED = """internal assert: in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462
"""
