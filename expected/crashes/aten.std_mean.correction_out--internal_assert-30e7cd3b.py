# opprop crash repro: aten::std_mean.correction_out fails an internal assert in aten::std_mean.correction_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.std_mean.correction_out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::std_mean.correction_out fails an internal assert in aten::std_mean.correction_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::std_mean.correction_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::std_mean.correction_out'},
 'outcome_text': 'fails an internal assert in aten::std_mean.correction_out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::std_mean.correction_out',
             'called_op': 'aten::std_mean.correction_out',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': None,
                        'keepdim': False,
                        'out0': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True},
                        'out1': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'math_bit': 'neg',
                                 'shape': [5],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 37,
                        'crossing_seed': 500,
                        'target': 'aten::std_mean.correction_out'}},
 'repro': {'op': 'aten::std_mean.correction_out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'ones'}}, None],
           'kwargs': {'keepdim': False,
                      'out0': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'ones'}},
                      'out1': {'tensor': {'dtype': 'float32',
                                          'shape': [5],
                                          'fill': 'values',
                                          'layout': 'neg',
                                          'parts': [{'tensor': {'dtype': 'float32',
                                                                'shape': [5],
                                                                'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.ones((), dtype=torch.float32)
out0 = torch.ones((), dtype=torch.float32)
out1 = torch._neg_view(torch.ones(5, dtype=torch.float32))
torch.ops.aten.std_mean.correction_out(self, None, keepdim=False, out0=out0, out1=out1)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
