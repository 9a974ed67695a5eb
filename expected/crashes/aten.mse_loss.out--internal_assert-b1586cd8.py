# opprop crash repro: aten::mse_loss.out fails an internal assert in aten::mse_loss.out: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.mse_loss.out--internal_assert-b1586cd8.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::mse_loss.out fails an internal assert in aten::mse_loss.out: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::mse_loss.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97',
             'op': 'aten::mse_loss.out'},
 'outcome_text': 'fails an internal assert in aten::mse_loss.out: reduction == Reduction::Mean || reduction '
                 '== Reduction::Sum INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::mse_loss.out',
             'called_op': 'aten::mse_loss.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL '
                                 'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float64',
                                'layout': 'strided',
                                'shape': [5],
                                'storage_offset': 1,
                                'stride': [1],
                                'tensor': True},
                        'reduction': -1,
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [5],
                                 'storage_offset': 1,
                                 'stride': [1],
                                 'tensor': True},
                        'target': {'device': 'cpu',
                                   'dtype': 'float64',
                                   'layout': 'strided',
                                   'shape': [5],
                                   'storage_offset': 1,
                                   'stride': [1],
                                   'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 25,
                        'crossing_seed': 0,
                        'target': 'aten::mse_loss.out'}},
 'repro': {'op': 'aten::mse_loss.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    -1],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
target = torch.zeros((), dtype=torch.float32)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.mse_loss.out(self, target, -1, out=out_)


EXPECTED = """internal assert: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":97
"""
