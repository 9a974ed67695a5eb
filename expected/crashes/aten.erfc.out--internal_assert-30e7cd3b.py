# opprop crash repro: aten::erfc.out fails an internal assert in aten::erfc.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.erfc.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::erfc.out fails an internal assert in aten::erfc.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::erfc.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::erfc.out'},
 'outcome_text': 'fails an internal assert in aten::erfc.out: cloned_mutable_input.is_same(returned_output) '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::erfc.out',
             'called_op': 'aten::erfc.out',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float64',
                                'layout': 'strided',
                                'math_bit': 'neg',
                                'shape': [3, 4],
                                'storage_offset': 0,
                                'stride': [4, 1],
                                'tensor': True},
                        'self': {'components': [[0, 3], [1, 3]],
                                 'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'jagged',
                                 'nested': True,
                                 'shape': [2, None, 3],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 175,
                        'crossing_seed': 500,
                        'target': 'aten::erfc.out'}},
 'repro': {'op': 'aten::erfc.out',
           'args': [{'tensor': {'dtype': 'float64',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float64', 'shape': [0, 3], 'fill': 'ones'}},
                                          {'tensor': {'dtype': 'float64',
                                                      'shape': [1, 3],
                                                      'fill': 'ones'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float64',
                                         'shape': [3, 4],
                                         'fill': 'values',
                                         'layout': 'neg',
                                         'parts': [{'tensor': {'dtype': 'float64',
                                                               'shape': [3, 4],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.nested.nested_tensor([torch.ones(0, 3, dtype=torch.float64), torch.ones(1, 3, dtype=torch.float64)], layout=torch.jagged)
out_ = torch._neg_view(torch.ones(3, 4, dtype=torch.float64))
torch.ops.aten.erfc.out(self, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
