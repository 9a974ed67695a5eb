# opprop crash repro: aten::linalg_lstsq.out fails an internal assert in aten::linalg_lstsq.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.linalg_lstsq.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::linalg_lstsq.out fails an internal assert in aten::linalg_lstsq.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::linalg_lstsq.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::linalg_lstsq.out'},
 'outcome_text': 'fails an internal assert in aten::linalg_lstsq.out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::linalg_lstsq.out',
             'called_op': 'aten::linalg_lstsq.out',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'b': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [2, 3, 4, 5],
                              'storage_offset': 0,
                              'stride': [60, 1, 15, 3],
                              'tensor': True},
                        'rank': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'residuals': {'device': 'cpu',
                                      'dtype': 'complex64',
                                      'layout': 'strided',
                                      'math_bit': 'conj',
                                      'shape': [0, 3],
                                      'storage_offset': 0,
                                      'stride': [3, 1],
                                      'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 1, 15, 3],
                                 'tensor': True},
                        'singular_values': {'device': 'cpu',
                                            'dtype': 'float32',
                                            'layout': 'strided',
                                            'shape': [0],
                                            'storage_offset': 0,
                                            'stride': [1],
                                            'tensor': True},
                        'solution': {'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'strided',
                                     'shape': [2, 3, 5, 5],
                                     'storage_offset': 0,
                                     'stride': [75, 25, 5, 1],
                                     'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 85,
                        'crossing_seed': 500,
                        'target': 'aten::linalg_lstsq.out'}},
 'repro': {'op': 'aten::linalg_lstsq.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [2, 3, 4, 5],
                                'fill': 'ones',
                                'stride': [60, 1, 15, 3],
                                'offset': 0}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [2, 3, 4, 5],
                                'fill': 'ones',
                                'stride': [60, 1, 15, 3],
                                'offset': 0}}],
           'kwargs': {'solution': {'tensor': {'dtype': 'float32', 'shape': [2, 3, 5, 5], 'fill': 'ones'}},
                      'residuals': {'tensor': {'dtype': 'complex64',
                                               'shape': [0, 3],
                                               'fill': 'values',
                                               'layout': 'conj',
                                               'parts': [{'tensor': {'dtype': 'complex64',
                                                                     'shape': [0, 3],
                                                                     'fill': 'ones'}}]}},
                      'rank': {'tensor': {'dtype': 'float32', 'shape': [2, 3], 'fill': 'ones'}},
                      'singular_values': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'ones'}}}}}

# ---- the repro ----
import torch

self = torch.as_strided(torch.ones(120, dtype=torch.float32), (2, 3, 4, 5), (60, 1, 15, 3), 0)
b = torch.as_strided(torch.ones(120, dtype=torch.float32), (2, 3, 4, 5), (60, 1, 15, 3), 0)
solution = torch.ones(2, 3, 5, 5, dtype=torch.float32)
residuals = torch.ones(0, 3, dtype=torch.complex64).conj()
rank = torch.ones(2, 3, dtype=torch.float32)
singular_values = torch.ones(0, dtype=torch.float32)
torch.ops.aten.linalg_lstsq.out(self, b, solution=solution, residuals=residuals, rank=rank, singular_values=singular_values)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
