# opprop crash repro: aten::special_bessel_j0.out fails an internal assert in aten::special_bessel_j0.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.special_bessel_j0.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::special_bessel_j0.out fails an internal assert in aten::special_bessel_j0.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::special_bessel_j0.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::special_bessel_j0.out'},
 'outcome_text': 'fails an internal assert in aten::special_bessel_j0.out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::special_bessel_j0.out',
             'called_op': 'aten::special_bessel_j0.out',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'math_bit': 'conj',
                                'shape': [3, 4],
                                'storage_offset': 0,
                                'stride': [4, 1],
                                'tensor': True},
                        'self': {'components': [[2, 3, 4, 5], [3, 3, 4, 5]],
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'jagged',
                                 'nested': True,
                                 'shape': [2, None, 3, 4, 5],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 39,
                        'crossing_seed': 500,
                        'target': 'aten::special_bessel_j0.out'}},
 'repro': {'op': 'aten::special_bessel_j0.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float32',
                                                      'shape': [2, 3, 4, 5],
                                                      'fill': 'ones'}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [3, 3, 4, 5],
                                                      'fill': 'ones'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'complex64',
                                         'shape': [3, 4],
                                         'fill': 'values',
                                         'layout': 'conj',
                                         'parts': [{'tensor': {'dtype': 'complex64',
                                                               'shape': [3, 4],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.nested.nested_tensor([torch.ones(2, 3, 4, 5, dtype=torch.float32), torch.ones(3, 3, 4, 5, dtype=torch.float32)], layout=torch.jagged)
out_ = torch.ones(3, 4, dtype=torch.complex64).conj()
torch.ops.aten.special_bessel_j0.out(self, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
