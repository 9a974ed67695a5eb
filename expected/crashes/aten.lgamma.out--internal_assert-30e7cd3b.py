# opprop crash repro: aten::lgamma.out fails an internal assert in aten::lgamma.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.lgamma.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::lgamma.out fails an internal assert in aten::lgamma.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::lgamma.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::lgamma.out'},
 'outcome_text': 'fails an internal assert in aten::lgamma.out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::lgamma.out',
             'called_op': 'aten::lgamma.out',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'math_bit': 'conj',
                                'shape': [],
                                'storage_offset': 0,
                                'stride': [],
                                'tensor': True},
                        'self': {'components': [[0, 3], [1, 3]],
                                 'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'jagged',
                                 'nested': True,
                                 'shape': [2, None, 3],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 122,
                        'crossing_seed': 500,
                        'target': 'aten::lgamma.out'}},
 'repro': {'op': 'aten::lgamma.out',
           'args': [{'tensor': {'dtype': 'int64',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'int64', 'shape': [0, 3], 'fill': 'ones'}},
                                          {'tensor': {'dtype': 'int64', 'shape': [1, 3], 'fill': 'ones'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'complex64',
                                         'shape': [],
                                         'fill': 'values',
                                         'layout': 'conj',
                                         'parts': [{'tensor': {'dtype': 'complex64',
                                                               'shape': [],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.nested.nested_tensor([torch.ones(0, 3, dtype=torch.int64), torch.ones(1, 3, dtype=torch.int64)], layout=torch.jagged)
out_ = torch.ones((), dtype=torch.complex64).conj()
torch.ops.aten.lgamma.out(self, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
