# opprop crash repro: aten::std.correction_out fails an internal assert in aten::std.correction_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.std.correction_out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::std.correction_out fails an internal assert in aten::std.correction_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::std.correction_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::std.correction_out'},
 'outcome_text': 'fails an internal assert in aten::std.correction_out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::std.correction_out',
             'called_op': 'aten::std.correction_out',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': [-1],
                        'keepdim': False,
                        'out': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'math_bit': 'conj',
                                'shape': [2, 3, 4, 5],
                                'storage_offset': 0,
                                'stride': [60, 20, 5, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'qint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 38,
                        'crossing_seed': 500,
                        'target': 'aten::std.correction_out'}},
 'repro': {'op': 'aten::std.correction_out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0, 3],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'qint8', 1.0, 0]}},
                    [-1]],
           'kwargs': {'keepdim': False,
                      'out': {'tensor': {'dtype': 'complex64',
                                         'shape': [2, 3, 4, 5],
                                         'fill': 'values',
                                         'layout': 'conj',
                                         'parts': [{'tensor': {'dtype': 'complex64',
                                                               'shape': [2, 3, 4, 5],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(0, 3), 1.0, 0, torch.qint8)
out_ = torch.ones(2, 3, 4, 5, dtype=torch.complex64).conj()
torch.ops.aten.std.correction_out(self, [-1], keepdim=False, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
