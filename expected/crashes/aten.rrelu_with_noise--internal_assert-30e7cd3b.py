# opprop crash repro: aten::rrelu_with_noise fails an internal assert in aten::rrelu_with_noise: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.rrelu_with_noise--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::rrelu_with_noise fails an internal assert in aten::rrelu_with_noise: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::rrelu_with_noise',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::rrelu_with_noise'},
 'outcome_text': 'fails an internal assert in aten::rrelu_with_noise: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::rrelu_with_noise',
             'called_op': 'aten::rrelu_with_noise',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'noise': {'device': 'cpu',
                                  'dtype': 'float64',
                                  'layout': 'strided',
                                  'math_bit': 'neg',
                                  'shape': [],
                                  'storage_offset': 0,
                                  'stride': [],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'math_bit': 'neg',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True},
                        'training': False},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 80032,
                        'crossing_seed': 2000,
                        'target': 'aten::rrelu_with_noise'}},
 'repro': {'op': 'aten::rrelu_with_noise',
           'args': [{'tensor': {'dtype': 'float64',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'neg',
                                'parts': [{'tensor': {'dtype': 'float64', 'shape': [], 'fill': 'ones'}}]}},
                    {'tensor': {'dtype': 'float64',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'neg',
                                'parts': [{'tensor': {'dtype': 'float64', 'shape': [], 'fill': 'ones'}}]}}],
           'kwargs': {'training': False}}}

# ---- the repro ----
import torch

self = torch._neg_view(torch.ones((), dtype=torch.float64))
noise = torch._neg_view(torch.ones((), dtype=torch.float64))
torch.ops.aten.rrelu_with_noise.default(self, noise, training=False)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
