# opprop crash repro: aten::mse_loss fails an internal assert in aten::mse_loss: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.mse_loss--internal_assert-b1586cd8.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::mse_loss fails an internal assert in aten::mse_loss: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::mse_loss',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97',
             'op': 'aten::mse_loss'},
 'outcome_text': 'fails an internal assert in aten::mse_loss: reduction == Reduction::Mean || reduction == '
                 'Reduction::Sum INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::mse_loss',
             'called_op': 'aten::mse_loss',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL '
                                 'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'reduction': 100,
                        'self': {'device': 'cpu',
                                 'dtype': 'bool',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 1, 15, 3],
                                 'tensor': True},
                        'target': {'device': 'cpu',
                                   'dtype': 'int8',
                                   'layout': 'strided',
                                   'math_bit': 'neg',
                                   'shape': [5],
                                   'storage_offset': 0,
                                   'stride': [1],
                                   'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 36,
                        'crossing_seed': 0,
                        'target': 'aten::mse_loss'}},
 'repro': {'op': 'aten::mse_loss',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    3],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
target = torch.zeros((), dtype=torch.float32)
torch.ops.aten.mse_loss.default(self, target, 3)


EXPECTED = """internal assert: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97
"""
