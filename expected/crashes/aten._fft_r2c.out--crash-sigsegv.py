# opprop crash repro: aten::_fft_r2c.out dies with SIGSEGV (segmentation fault) in aten::_fft_r2c.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._fft_r2c.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_fft_r2c.out dies with SIGSEGV (segmentation fault) in aten::_fft_r2c.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_fft_r2c.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_fft_r2c.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_fft_r2c.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::_fft_r2c_mkl (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_fft_r2c.out',
             'called_op': 'aten::_fft_r2c.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 25, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': [65537],
                        'normalization': 1,
                        'onesided': True,
                        'out': {'device': 'cpu',
                                'dtype': 'float64',
                                'layout': 'strided',
                                'shape': [],
                                'storage_offset': 0,
                                'stride': [],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::_fft_r2c.out: self={'tensor': True, 'dtype': 'float64', 'shape': "
                                "[], 'device': 'cpu', 'layout': 'strided', 'stride': [], 'storage_offset': "
                                "0}, dim=[65537], normalization=1, onesided=True, out={'tensor': True, "
                                "'dtype': 'float64', 'shape': [], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [], 'storage_offset': 0})",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 24,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::_fft_r2c.out',
                        'target': 'aten::_fft_r2c.out',
                        'example': 25}},
 'repro': {'op': 'aten::_fft_r2c.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}, [483], 0, True],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten._fft_r2c.out(self, [483], 0, True, out=out_)


EXPECTED = """dies with SIGSEGV
"""
