# opprop crash repro: aten::copy dies with SIGSEGV (segmentation fault) in aten::copy on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.copy--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::copy dies with SIGSEGV (segmentation fault) in aten::copy on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::copy',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::copy'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::copy',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::copy',
             'called_op': 'aten::copy',
             'detail': {'example': 6, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'non_blocking': False,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csr',
                                 'nnz': 12,
                                 'shape': [3, 4],
                                 'tensor': True},
                        'src': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'sparse_csr',
                                'nnz': 12,
                                'shape': [3, 4],
                                'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::copy',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'layout': 'sparse_csr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [4],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 3]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [3],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [3],
                                                      'fill': 'values',
                                                      'values': [1.0, 1.0, 1.0]}}]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'layout': 'sparse_csr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [4],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 3]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [3],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2]}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [3],
                                                      'fill': 'values',
                                                      'values': [1.0, 1.0, 1.0]}}]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 1, 2, 3], dtype=torch.int64), torch.tensor([0, 1, 2], dtype=torch.int64), torch.tensor([1.0, 1.0, 1.0], dtype=torch.float32), (3, 4), layout=torch.sparse_csr)
src = torch.sparse_compressed_tensor(torch.tensor([0, 1, 2, 3], dtype=torch.int64), torch.tensor([0, 1, 2], dtype=torch.int64), torch.tensor([1.0, 1.0, 1.0], dtype=torch.float32), (3, 4), layout=torch.sparse_csr)
torch.ops.aten.copy.default(self, src)


EXPECTED = """dies with SIGSEGV
"""
