# opprop crash repro: aten::_remove_batch_dim dies with SIGSEGV (segmentation fault) in aten::_remove_batch_dim on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._remove_batch_dim--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_remove_batch_dim dies with SIGSEGV (segmentation fault) in aten::_remove_batch_dim on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_remove_batch_dim',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_remove_batch_dim'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_remove_batch_dim',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_remove_batch_dim',
             'called_op': 'aten::_remove_batch_dim',
             'detail': {'example': 7, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'batch_size': 4,
                        'level': 2,
                        'out_dim': 65537,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 20, 5, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::_remove_batch_dim',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [2, 3],
                                'fill': 'values',
                                'values': [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]}},
                    1,
                    4,
                    65537],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.float32).reshape(2, 3)
torch.ops.aten._remove_batch_dim.default(self, 1, 4, 65537)


EXPECTED = """dies with SIGSEGV
"""
