# opprop crash repro: aten::qr.Q fails an internal assert in aten::qr.Q: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.qr.Q--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::qr.Q fails an internal assert in aten::qr.Q: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::qr.Q',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::qr.Q'},
 'outcome_text': 'fails an internal assert in aten::qr.Q: cloned_mutable_input.is_same(returned_output) '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::qr.Q',
             'called_op': 'aten::qr.Q',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'Q': {'device': 'cpu',
                              'dtype': 'complex64',
                              'layout': 'strided',
                              'shape': [0, 0],
                              'storage_offset': 1,
                              'stride': [1, 1],
                              'tensor': True},
                        'R': {'device': 'cpu',
                              'dtype': 'complex64',
                              'layout': 'strided',
                              'math_bit': 'conj',
                              'shape': [0, 3],
                              'storage_offset': 0,
                              'stride': [3, 1],
                              'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'math_bit': 'conj',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'some': True},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 192,
                        'crossing_seed': 500,
                        'target': 'aten::qr.Q'}},
 'repro': {'op': 'aten::qr.Q',
           'args': [{'tensor': {'dtype': 'complex64',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'conj',
                                'parts': [{'tensor': {'dtype': 'complex64',
                                                      'shape': [0, 3],
                                                      'fill': 'ones'}}]}},
                    True],
           'kwargs': {'Q': {'tensor': {'dtype': 'complex64', 'shape': [0, 0], 'fill': 'ones'}},
                      'R': {'tensor': {'dtype': 'complex64',
                                       'shape': [0, 3],
                                       'fill': 'values',
                                       'layout': 'conj',
                                       'parts': [{'tensor': {'dtype': 'complex64',
                                                             'shape': [0, 3],
                                                             'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.ones(0, 3, dtype=torch.complex64).conj()
Q = torch.ones(0, 0, dtype=torch.complex64)
R = torch.ones(0, 3, dtype=torch.complex64).conj()
torch.ops.aten.qr.Q(self, True, Q=Q, R=R)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
