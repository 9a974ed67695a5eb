# opprop crash repro: aten::meshgrid.indexing dies with SIGSEGV (segmentation fault) in aten::meshgrid.indexing on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.meshgrid.indexing--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::meshgrid.indexing dies with SIGSEGV (segmentation fault) in aten::meshgrid.indexing on torch 2.13.0+cpu.

Public entry point: `torch.meshgrid(tensors[0], indexing='xy')`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::meshgrid.indexing',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::meshgrid.indexing'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::meshgrid.indexing',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': "`torch.meshgrid(tensors[0], indexing='xy')`",
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::meshgrid.indexing',
             'called_op': 'aten::meshgrid.indexing',
             'detail': {'example': 313, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'indexing': 'xy',
                        'tensors': [{'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'strided',
                                     'shape': [],
                                     'storage_offset': 1,
                                     'stride': [],
                                     'tensor': True},
                                    {'components': [[1], [2]],
                                     'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'jagged',
                                     'nested': True,
                                     'shape': [2, None],
                                     'tensor': True}]},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::meshgrid.indexing',
           'args': [[{'tensor': {'dtype': 'float32',
                                 'shape': [],
                                 'fill': 'values',
                                 'layout': 'nested_jagged',
                                 'parts': [{'tensor': {'dtype': 'float32',
                                                       'shape': [2],
                                                       'fill': 'values',
                                                       'values': [0.0, 0.0]}},
                                           {'tensor': {'dtype': 'float32',
                                                       'shape': [3],
                                                       'fill': 'values',
                                                       'values': [0.0, 0.0, 0.0]}}]}}]],
           'kwargs': {'indexing': 'xy'}}}

# ---- the repro ----
import torch

tensors = [torch.nested.nested_tensor([torch.tensor([0.0, 0.0], dtype=torch.float32), torch.tensor([0.0, 0.0, 0.0], dtype=torch.float32)], layout=torch.jagged)]
torch.ops.aten.meshgrid.indexing(tensors, indexing='xy')


EXPECTED = """dies with SIGSEGV
"""
