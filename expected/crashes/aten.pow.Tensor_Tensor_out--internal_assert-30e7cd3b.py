# opprop crash repro: aten::pow.Tensor_Tensor_out fails an internal assert in aten::pow.Tensor_Tensor_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.pow.Tensor_Tensor_out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::pow.Tensor_Tensor_out fails an internal assert in aten::pow.Tensor_Tensor_out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::pow.Tensor_Tensor_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::pow.Tensor_Tensor_out'},
 'outcome_text': 'fails an internal assert in aten::pow.Tensor_Tensor_out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::pow.Tensor_Tensor_out',
             'called_op': 'aten::pow.Tensor_Tensor_out',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'exponent': {'components': [[2, 3, 4, 5], [3, 3, 4, 5]],
                                     'device': 'cpu',
                                     'dtype': 'int64',
                                     'layout': 'jagged',
                                     'nested': True,
                                     'shape': [2, None, 3, 4, 5],
                                     'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'math_bit': 'neg',
                                'shape': [],
                                'storage_offset': 0,
                                'stride': [],
                                'tensor': True},
                        'self': {'device': 'cpu',
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
                        'crossing': 137,
                        'crossing_seed': 500,
                        'target': 'aten::pow.Tensor_Tensor_out'}},
 'repro': {'op': 'aten::pow.Tensor_Tensor_out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'neg',
                                'parts': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'ones'}}]}},
                    {'tensor': {'dtype': 'int64',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 3, 4, 5],
                                                      'fill': 'ones'}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [3, 3, 4, 5],
                                                      'fill': 'ones'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [],
                                         'fill': 'values',
                                         'layout': 'neg',
                                         'parts': [{'tensor': {'dtype': 'float32',
                                                               'shape': [],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch._neg_view(torch.ones((), dtype=torch.float32))
exponent = torch.nested.nested_tensor([torch.ones(2, 3, 4, 5, dtype=torch.int64), torch.ones(3, 3, 4, 5, dtype=torch.int64)], layout=torch.jagged)
out_ = torch._neg_view(torch.ones((), dtype=torch.float32))
torch.ops.aten.pow.Tensor_Tensor_out(self, exponent, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
