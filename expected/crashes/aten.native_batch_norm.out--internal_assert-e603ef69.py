# opprop crash repro: aten::native_batch_norm.out fails an internal assert in aten::native_batch_norm.out: t.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.native_batch_norm.out--internal_assert-e603ef69.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::native_batch_norm.out fails an internal assert in aten::native_batch_norm.out: t.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::native_batch_norm.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 't.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162',
             'op': 'aten::native_batch_norm.out'},
 'outcome_text': 'fails an internal assert in aten::native_batch_norm.out: t.defined() && t.dim() == 1 '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::native_batch_norm.out',
             'called_op': 'aten::native_batch_norm.out',
             'detail': {'error': 't.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'bias': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [5],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'eps': 1000000.0,
                        'input': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [5],
                                  'storage_offset': 0,
                                  'stride': [1],
                                  'tensor': True},
                        'momentum': 'nan',
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [5],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'running_mean': {'device': 'cpu',
                                         'dtype': 'float32',
                                         'layout': 'strided',
                                         'shape': [2, 3, 4, 5],
                                         'storage_offset': 0,
                                         'stride': [1, 2, 6, 24],
                                         'tensor': True},
                        'running_var': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [3, 4],
                                        'storage_offset': 0,
                                        'stride': [0, 1],
                                        'tensor': True},
                        'save_invstd': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [5],
                                        'storage_offset': 0,
                                        'stride': [1],
                                        'tensor': True},
                        'save_mean': {'device': 'cpu',
                                      'dtype': 'float32',
                                      'layout': 'strided',
                                      'shape': [5],
                                      'storage_offset': 0,
                                      'stride': [1],
                                      'tensor': True},
                        'training': False,
                        'weight': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [5],
                                   'storage_offset': 0,
                                   'stride': [1],
                                   'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 96,
                        'crossing_seed': 500,
                        'target': 'aten::native_batch_norm.out'}},
 'repro': {'op': 'aten::native_batch_norm.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    None,
                    None,
                    {'tensor': {'dtype': 'float32', 'shape': [0, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [2],
                                'fill': 'zeros',
                                'stride': [0],
                                'offset': 0}},
                    False,
                    0.0,
                    0.0],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                      'save_mean': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                      'save_invstd': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

input = torch.zeros((), dtype=torch.float32)
running_mean = torch.zeros(0, 0, dtype=torch.float32)
running_var = torch.as_strided(torch.zeros(1, dtype=torch.float32), (2,), (0,), 0)
out_ = torch.zeros((), dtype=torch.float32)
save_mean = torch.zeros((), dtype=torch.float32)
save_invstd = torch.zeros((), dtype=torch.float32)
torch.ops.aten.native_batch_norm.out(input, None, None, running_mean, running_var, False, 0.0, 0.0, out=out_, save_mean=save_mean, save_invstd=save_invstd)


EXPECTED = """internal assert: t.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162
"""
