# opprop crash repro: prims::fft_r2c fails an internal assert in prims::fft_r2c: in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python prims.fft_r2c--internal_assert-17774a2f.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""prims::fft_r2c fails an internal assert in prims::fft_r2c: in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'prims::fft_r2c',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL '
                     'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462',
             'op': 'prims::fft_r2c'},
 'outcome_text': 'fails an internal assert in prims::fft_r2c: in_size == signal_size[i + 1] || in_size == '
                 '(signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'prims::fft_r2c',
             'called_op': 'prims::fft_r2c',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 '
                                 'INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': [-1],
                        'onesided': False,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '41000141010041044100410041004101410041004100410000',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:prims::fft_r2c',
                        'steer': {'choices': {'ndim': {'0': [8, 0],
                                                       '1': [2, 2],
                                                       '2': [17, 7],
                                                       '3': [2, 1],
                                                       '4': [1, 1]},
                                              'self.mode': {'expanded': [1, 0],
                                                            'extreme': [1, 0],
                                                            'offset': [1, 1],
                                                            'plain': [6, 5],
                                                            'visible': [1, 0],
                                                            'zero_size': [4, 0]},
                                              'tensors.mode': {'plain': [1, 1], 'zero_size': [4, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'prims::fft_r2c'}},
 'repro': {'op': 'prims::fft_r2c',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}}],
           'kwargs': {'dim': [-1], 'onesided': False}}}

# ---- the repro ----
import torch

self = torch.zeros(1, dtype=torch.float32)
torch.ops.prims.fft_r2c.default(self, dim=[-1], onesided=False)


EXPECTED = """internal assert: in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462
"""
