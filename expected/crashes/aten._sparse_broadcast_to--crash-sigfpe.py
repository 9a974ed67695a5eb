# opprop crash repro: aten::_sparse_broadcast_to dies with SIGFPE (floating-point exception) in aten::_sparse_broadcast_to on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._sparse_broadcast_to--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_sparse_broadcast_to dies with SIGFPE (floating-point exception) in aten::_sparse_broadcast_to on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_sparse_broadcast_to',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::_sparse_broadcast_to'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::_sparse_broadcast_to',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_sparse_broadcast_to',
             'called_op': 'aten::_sparse_broadcast_to',
             'detail': {'example': 512, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'self': {'coalesced': False,
                                 'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'sparse_coo',
                                 'nnz': 2,
                                 'shape': [],
                                 'tensor': True},
                        'size': [3, 0, 100]},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::_sparse_broadcast_to',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [0],
                                                      'fill': 'values',
                                                      'values': []}}],
                                'coalesced': True}},
                    [0, 1]],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(2, 0), torch.tensor([], dtype=torch.float32), (1, 1), is_coalesced=True)
torch.ops.aten._sparse_broadcast_to.default(self, [0, 1])


EXPECTED = """dies with SIGFPE
"""
