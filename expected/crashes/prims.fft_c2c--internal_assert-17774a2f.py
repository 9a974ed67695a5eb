# opprop crash repro: prims::fft_c2c fails an internal assert in prims::fft_c2c: in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python prims.fft_c2c--internal_assert-17774a2f.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""prims::fft_c2c fails an internal assert in prims::fft_c2c: in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'prims::fft_c2c',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL '
                     'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462',
             'op': 'prims::fft_c2c'},
 'outcome_text': 'fails an internal assert in prims::fft_c2c: in_size == signal_size[i + 1] || in_size == '
                 '(signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'prims::fft_c2c',
             'called_op': 'prims::fft_c2c',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 '
                                 'INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': [-1],
                        'forward': False,
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '4100014101004100410141004100410041014100410041004100410041004100410000',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:prims::fft_c2c',
                        'steer': {'choices': {'dim.dims': {'all': [3, 0], 'first': [93, 52], 'last': [6, 0]},
                                              'dim.value': {'drawn': [84, 52],
                                                            'empty': [3, 0],
                                                            'long': [8, 0],
                                                            'own': [3, 0],
                                                            'repeated': [1, 0],
                                                            'single': [14, 8],
                                                            'zero': [1, 1]},
                                              'dtype': {'torch.bfloat16': [7, 0],
                                                        'torch.bool': [7, 0],
                                                        'torch.complex64': [79, 61],
                                                        'torch.float16': [4, 0],
                                                        'torch.float32': [8, 0],
                                                        'torch.float64': [3, 0],
                                                        'torch.int64': [5, 0],
                                                        'torch.uint8': [1, 0]},
                                              'ndim': {'1': [1, 1], '2': [16, 9], '3': [2, 1], '4': [1, 0]},
                                              'self.kind': {'dense': [98, 53],
                                                            'has_live_view': [10, 8],
                                                            'is_view': [3, 0],
                                                            'transposed': [3, 0]},
                                              'self.mode': {'expanded': [9, 8],
                                                            'offset': [4, 3],
                                                            'plain': [46, 33],
                                                            'sliced': [3, 2],
                                                            'visible': [8, 7],
                                                            'zero_dim': [9, 7],
                                                            'zero_size': [7, 0]},
                                              'square': {'False': [5, 0], 'True': [109, 61]},
                                              'tensors.mode': {'expanded': [6, 6],
                                                               'offset': [1, 1],
                                                               'plain': [13, 6],
                                                               'visible': [4, 4],
                                                               'zero_dim': [7, 7],
                                                               'zero_size': [6, 0]}},
                                  'total': [20, 11],
                                  'valid_rate': 0.55},
                        'target': 'prims::fft_c2c'}},
 'repro': {'op': 'prims::fft_c2c',
           'args': [{'tensor': {'dtype': 'complex64', 'shape': [0, 1], 'fill': 'zeros'}}],
           'kwargs': {'dim': [-1], 'forward': False}}}

# ---- the repro ----
import torch

self = torch.zeros(0, 1, dtype=torch.complex64)
torch.ops.prims.fft_c2c.default(self, dim=[-1], forward=False)


EXPECTED = """internal assert: in_size == signal_size[i + 1] || in_size == (signal_size[i + 1] / 2) + 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/mkl/SpectralOps.cpp":462
"""
