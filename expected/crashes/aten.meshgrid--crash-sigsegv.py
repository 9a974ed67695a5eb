# opprop crash repro: aten::meshgrid dies with SIGSEGV (segmentation fault) in aten::meshgrid on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.meshgrid--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::meshgrid dies with SIGSEGV (segmentation fault) in aten::meshgrid on torch 2.13.0+cpu.

Public entry point: `torch.meshgrid(tensors[0], indexing='ij')`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::meshgrid',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::meshgrid'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::meshgrid',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': "`torch.meshgrid(tensors[0], indexing='ij')`",
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::meshgrid',
             'called_op': 'aten::meshgrid',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 31, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'tensors': [{'components': [[5], [6]],
                                     'device': 'cpu',
                                     'dtype': 'int64',
                                     'layout': 'jagged',
                                     'nested': True,
                                     'shape': [2, None],
                                     'tensor': True}]}},
 'repro': {'op': 'aten::meshgrid',
           'args': [[{'tensor': {'dtype': 'float32',
                                 'shape': [],
                                 'fill': 'values',
                                 'layout': 'nested_jagged',
                                 'parts': [{'tensor': {'dtype': 'float32', 'shape': [2], 'fill': 'zeros'}},
                                           {'tensor': {'dtype': 'float32',
                                                       'shape': [3],
                                                       'fill': 'zeros'}}]}}]],
           'kwargs': {}}}

# ---- the repro ----
import torch

tensors = [torch.nested.nested_tensor([torch.zeros(2, dtype=torch.float32), torch.zeros(3, dtype=torch.float32)], layout=torch.jagged)]
torch.ops.aten.meshgrid.default(tensors)


EXPECTED = """dies with SIGSEGV
"""
