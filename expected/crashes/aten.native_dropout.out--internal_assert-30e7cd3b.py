# opprop crash repro: aten::native_dropout.out fails an internal assert in aten::native_dropout.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.native_dropout.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::native_dropout.out fails an internal assert in aten::native_dropout.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::native_dropout.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::native_dropout.out'},
 'outcome_text': 'fails an internal assert in aten::native_dropout.out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::native_dropout.out',
             'called_op': 'aten::native_dropout.out',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'input': {'device': 'cpu',
                                  'dtype': 'complex64',
                                  'layout': 'strided',
                                  'math_bit': 'neg',
                                  'shape': [0, 3],
                                  'storage_offset': 0,
                                  'stride': [3, 1],
                                  'tensor': True},
                        'out0': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'math_bit': 'conj',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'out1': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'math_bit': 'neg',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'p': 1000000.0,
                        'train': False},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 183,
                        'crossing_seed': 500,
                        'target': 'aten::native_dropout.out'}},
 'repro': {'op': 'aten::native_dropout.out',
           'args': [{'tensor': {'dtype': 'complex64',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'neg',
                                'parts': [{'tensor': {'dtype': 'complex64',
                                                      'shape': [0, 3],
                                                      'fill': 'ones'}}]}},
                    1000000.0,
                    False],
           'kwargs': {'out0': {'tensor': {'dtype': 'complex64',
                                          'shape': [0, 3],
                                          'fill': 'values',
                                          'layout': 'conj',
                                          'parts': [{'tensor': {'dtype': 'complex64',
                                                                'shape': [0, 3],
                                                                'fill': 'ones'}}]}},
                      'out1': {'tensor': {'dtype': 'complex64',
                                          'shape': [0, 3],
                                          'fill': 'values',
                                          'layout': 'neg',
                                          'parts': [{'tensor': {'dtype': 'complex64',
                                                                'shape': [0, 3],
                                                                'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

input = torch._neg_view(torch.ones(0, 3, dtype=torch.complex64))
out0 = torch.ones(0, 3, dtype=torch.complex64).conj()
out1 = torch._neg_view(torch.ones(0, 3, dtype=torch.complex64))
torch.ops.aten.native_dropout.out(input, 1000000.0, False, out0=out0, out1=out1)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
