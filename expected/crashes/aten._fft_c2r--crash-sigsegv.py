# opprop crash repro: aten::_fft_c2r dies with SIGSEGV (segmentation fault) in aten::_fft_c2r on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._fft_c2r--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_fft_c2r dies with SIGSEGV (segmentation fault) in aten::_fft_c2r on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_fft_c2r',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_fft_c2r'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_fft_c2r',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_fft_c2r',
             'called_op': 'aten::_fft_c2r',
             'detail': {'example': 26, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': [65537, 2],
                        'last_dim_size': 2,
                        'normalization': 3,
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'math_bit': 'conj',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [4, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::_fft_c2r',
           'args': [{'tensor': {'dtype': 'complex64',
                                'shape': [3, 4],
                                'fill': 'values',
                                'values': [{'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]},
                                           {'complex': [0.0, 0.0]}]}},
                    [65537],
                    0,
                    2],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.tensor([0j, 0j, 0j, 0j, 0j, 0j, 0j, 0j, 0j, 0j, 0j, 0j], dtype=torch.complex64).reshape(3, 4)
torch.ops.aten._fft_c2r.default(self, [65537], 0, 2)


EXPECTED = """dies with SIGSEGV
"""
