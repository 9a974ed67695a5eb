# opprop crash repro: aten::_reshape_alias_copy dies with SIGSEGV (segmentation fault) in aten::_reshape_alias_copy on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._reshape_alias_copy--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_reshape_alias_copy dies with SIGSEGV (segmentation fault) in aten::_reshape_alias_copy on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_reshape_alias_copy',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_reshape_alias_copy'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_reshape_alias_copy',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_reshape_alias_copy',
             'called_op': 'aten::_reshape_alias_copy',
             'detail': {'example': 46, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'size': [],
                        'stride': []},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::_reshape_alias_copy',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 3], 'fill': 'values', 'values': []}},
                    [],
                    []],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.tensor([], dtype=torch.float32).reshape(0, 3)
torch.ops.aten._reshape_alias_copy.default(self, [], [])


EXPECTED = """dies with SIGSEGV
"""
