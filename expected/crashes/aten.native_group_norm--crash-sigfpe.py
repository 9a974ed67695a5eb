# opprop crash repro: aten::native_group_norm dies with SIGFPE (floating-point exception) in aten::native_group_norm on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.native_group_norm--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::native_group_norm dies with SIGFPE (floating-point exception) in aten::native_group_norm on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::native_group_norm',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::native_group_norm'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::native_group_norm',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::native_group_norm',
             'called_op': 'aten::native_group_norm',
             'detail': {'example': 8, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'C': 3,
                        'HxW': 100,
                        'N': -2,
                        'bias': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'sparse_bsr',
                                 'nnz': 5,
                                 'shape': [1, 5],
                                 'tensor': True},
                        'eps': -1.0,
                        'group': 0,
                        'input': {'device': 'cpu',
                                  'dtype': 'int64',
                                  'layout': 'sparse_bsr',
                                  'nnz': 5,
                                  'shape': [1, 5],
                                  'tensor': True},
                        'weight': {'device': 'cpu',
                                   'dtype': 'int64',
                                   'layout': 'sparse_bsr',
                                   'nnz': 5,
                                   'shape': [1, 5],
                                   'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::native_group_norm',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [5],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [1, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [0],
                                                      'fill': 'values',
                                                      'values': []}}],
                                'coalesced': True}},
                    None,
                    None,
                    1,
                    5,
                    1,
                    0,
                    1e-05],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(1, 0), torch.tensor([], dtype=torch.float32), (5,), is_coalesced=True)
torch.ops.aten.native_group_norm.default(input, None, None, 1, 5, 1, 0, 1e-05)


EXPECTED = """dies with SIGFPE
"""
