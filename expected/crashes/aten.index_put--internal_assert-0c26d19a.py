# opprop crash repro: aten::index_put fails an internal assert in aten::index_put: ntensor >= 3 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.index_put--internal_assert-0c26d19a.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::index_put fails an internal assert in aten::index_put: ntensor >= 3 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8 on torch 2.13.0+cpu.

Public entry point: `torch.index_put(self, [], values, True)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::index_put',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'ntensor >= 3 INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8',
             'op': 'aten::index_put'},
 'outcome_text': 'fails an internal assert in aten::index_put: ntensor >= 3 INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.index_put(self, [], values, True)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::index_put',
             'called_op': 'aten::index_put',
             'detail': {'error': 'ntensor >= 3 INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'accumulate': True,
                        'indices': [],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'math_bit': 'neg',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True},
                        'values': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'math_bit': 'neg',
                                   'shape': [],
                                   'storage_offset': 0,
                                   'stride': [],
                                   'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 19,
                        'crossing_seed': 500,
                        'target': 'aten::index_put'}},
 'repro': {'op': 'aten::index_put',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    [],
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    True],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
values = torch.zeros((), dtype=torch.float32)
torch.ops.aten.index_put.default(self, [], values, True)


EXPECTED = """internal assert: ntensor >= 3 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8
"""
