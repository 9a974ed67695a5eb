# opprop crash repro: aten::special_polygamma.out fails an internal assert in aten::special_polygamma.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.special_polygamma.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::special_polygamma.out fails an internal assert in aten::special_polygamma.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::special_polygamma.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::special_polygamma.out'},
 'outcome_text': 'fails an internal assert in aten::special_polygamma.out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::special_polygamma.out',
             'called_op': 'aten::special_polygamma.out',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'n': 2,
                        'out': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'math_bit': 'conj',
                                'shape': [3, 4],
                                'storage_offset': 0,
                                'stride': [4, 1],
                                'tensor': True},
                        'self': {'components': [[3, 4], [4, 4]],
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'jagged',
                                 'nested': True,
                                 'shape': [2, None, 4],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 49,
                        'crossing_seed': 500,
                        'target': 'aten::special_polygamma.out'}},
 'repro': {'op': 'aten::special_polygamma.out',
           'args': [2,
                    {'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float32', 'shape': [3, 4], 'fill': 'ones'}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [4, 4],
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

self = torch.nested.nested_tensor([torch.ones(3, 4, dtype=torch.float32), torch.ones(4, 4, dtype=torch.float32)], layout=torch.jagged)
out_ = torch.ones(3, 4, dtype=torch.complex64).conj()
torch.ops.aten.special_polygamma.out(2, self, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
