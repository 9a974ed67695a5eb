# opprop crash repro: aten::affine_grid_generator_backward fails an internal assert in aten::affine_grid_generator_backward: grad_grid.sizes() == IntArrayRef({N, H, W, 2}) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/AffineGridGenerator.cpp":110 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.affine_grid_generator_backward--internal_assert-8a9a1441.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::affine_grid_generator_backward fails an internal assert in aten::affine_grid_generator_backward: grad_grid.sizes() == IntArrayRef({N, H, W, 2}) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/AffineGridGenerator.cpp":110 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::affine_grid_generator_backward',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'grad_grid.sizes() == IntArrayRef({N, H, W, 2}) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/AffineGridGenerator.cpp":110',
             'op': 'aten::affine_grid_generator_backward'},
 'outcome_text': 'fails an internal assert in aten::affine_grid_generator_backward: grad_grid.sizes() == '
                 'IntArrayRef({N, H, W, 2}) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/AffineGridGenerator.cpp":110',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::affine_grid_generator_backward',
             'called_op': 'aten::affine_grid_generator_backward',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'grad_grid.sizes() == IntArrayRef({N, H, W, 2}) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/AffineGridGenerator.cpp":110, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'align_corners': False,
                        'grad': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1, 1],
                                 'tensor': True},
                        'size': [1, 1, 1, 1]},
             'replay': {'choices': '41000041044100410141004100410000',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::affine_grid_generator_backward',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::affine_grid_generator_backward'}},
 'repro': {'op': 'aten::affine_grid_generator_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}, [0, 0, 0, 0], False],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.zeros((), dtype=torch.float32)
torch.ops.aten.affine_grid_generator_backward.default(grad, [0, 0, 0, 0], False)


EXPECTED = """internal assert: grad_grid.sizes() == IntArrayRef({N, H, W, 2}) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/AffineGridGenerator.cpp":110
"""
