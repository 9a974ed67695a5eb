# opprop crash repro: aten::view_copy.dtype dies with SIGSEGV (segmentation fault) in aten::view_copy.dtype on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.view_copy.dtype--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::view_copy.dtype dies with SIGSEGV (segmentation fault) in aten::view_copy.dtype on torch 2.13.0+cpu.

Public entry point: `torch.view_copy(self, torch.int8)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::view_copy.dtype',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::view_copy.dtype'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::view_copy.dtype',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.view_copy(self, torch.int8)`',
 'frame': 'at::native::qscheme_quant (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::view_copy.dtype',
             'called_op': 'aten::view_copy.dtype',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 3, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dtype': 'torch.int8',
                        'self': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_channel_affine',
                                 'shape': [5],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::view_copy.dtype: self={'tensor': True, 'dtype': 'quint8', "
                                "'shape': [5], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0, 'qscheme': 'per_channel_affine'}, dtype='torch.int8')",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 2,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::view_copy.dtype',
                        'target': 'aten::view_copy.dtype',
                        'example': 3}},
 'repro': {'op': 'aten::view_copy.dtype',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    {'literal': 'torch.int8'}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
torch.ops.aten.view_copy.dtype(self, torch.int8)


EXPECTED = """dies with SIGSEGV
"""
