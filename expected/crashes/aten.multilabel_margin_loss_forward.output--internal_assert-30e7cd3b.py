# opprop crash repro: aten::multilabel_margin_loss_forward.output fails an internal assert in aten::multilabel_margin_loss_forward.output: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.multilabel_margin_loss_forward.output--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::multilabel_margin_loss_forward.output fails an internal assert in aten::multilabel_margin_loss_forward.output: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::multilabel_margin_loss_forward.output',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::multilabel_margin_loss_forward.output'},
 'outcome_text': 'fails an internal assert in aten::multilabel_margin_loss_forward.output: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::multilabel_margin_loss_forward.output',
             'called_op': 'aten::multilabel_margin_loss_forward.output',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'is_target': {'device': 'cpu',
                                      'dtype': 'complex64',
                                      'layout': 'strided',
                                      'math_bit': 'conj',
                                      'shape': [],
                                      'storage_offset': 0,
                                      'stride': [],
                                      'tensor': True},
                        'output': {'device': 'cpu',
                                   'dtype': 'bool',
                                   'layout': 'strided',
                                   'math_bit': 'neg',
                                   'shape': [0, 3],
                                   'storage_offset': 0,
                                   'stride': [3, 1],
                                   'tensor': True},
                        'reduction': 4,
                        'self': {'device': 'cpu',
                                 'dtype': 'bool',
                                 'layout': 'strided',
                                 'math_bit': 'neg',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'target': {'device': 'cpu',
                                   'dtype': 'bool',
                                   'layout': 'strided',
                                   'math_bit': 'neg',
                                   'shape': [0, 3],
                                   'storage_offset': 0,
                                   'stride': [3, 1],
                                   'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 319,
                        'crossing_seed': 500,
                        'target': 'aten::multilabel_margin_loss_forward.output'}},
 'repro': {'op': 'aten::multilabel_margin_loss_forward.output',
           'args': [{'tensor': {'dtype': 'bool',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'neg',
                                'parts': [{'tensor': {'dtype': 'bool', 'shape': [0, 3], 'fill': 'ones'}}]}},
                    {'tensor': {'dtype': 'bool',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'neg',
                                'parts': [{'tensor': {'dtype': 'bool', 'shape': [0, 3], 'fill': 'ones'}}]}},
                    4],
           'kwargs': {'output': {'tensor': {'dtype': 'bool',
                                            'shape': [0, 3],
                                            'fill': 'values',
                                            'layout': 'neg',
                                            'parts': [{'tensor': {'dtype': 'bool',
                                                                  'shape': [0, 3],
                                                                  'fill': 'ones'}}]}},
                      'is_target': {'tensor': {'dtype': 'complex64',
                                               'shape': [],
                                               'fill': 'values',
                                               'layout': 'conj',
                                               'parts': [{'tensor': {'dtype': 'complex64',
                                                                     'shape': [],
                                                                     'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch._neg_view(torch.ones(0, 3, dtype=torch.bool))
target = torch._neg_view(torch.ones(0, 3, dtype=torch.bool))
output = torch._neg_view(torch.ones(0, 3, dtype=torch.bool))
is_target = torch.ones((), dtype=torch.complex64).conj()
torch.ops.aten.multilabel_margin_loss_forward.output(self, target, 4, output=output, is_target=is_target)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
