# opprop crash repro: aten::empty_like.out fails an internal assert in aten::empty_like.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.empty_like.out--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::empty_like.out fails an internal assert in aten::empty_like.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::empty_like.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::empty_like.out'},
 'outcome_text': 'fails an internal assert in aten::empty_like.out: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::empty_like.out',
             'called_op': 'aten::empty_like.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'memory_format': 'torch.contiguous_format',
                        'out': {'device': 'cpu',
                                'dtype': 'qint32',
                                'layout': 'strided',
                                'qscheme': 'per_tensor_affine',
                                'shape': [2, 3, 4, 5],
                                'storage_offset': 0,
                                'stride': [60, 20, 5, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 1, 15, 3],
                                 'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 40003,
                        'crossing_seed': 1000,
                        'target': 'aten::empty_like.out'}},
 'repro': {'op': 'aten::empty_like.out',
           'args': [{'tensor': {'dtype': 'complex64',
                                'shape': [2, 3, 4, 5],
                                'fill': 'ones',
                                'stride': [60, 1, 15, 3],
                                'offset': 0}}],
           'kwargs': {'memory_format': 'torch.contiguous_format',
                      'out': {'tensor': {'dtype': 'qint32', 'shape': [2, 3, 4, 5], 'fill': 'ones'}}}}}

# ---- the repro ----
import torch

self = torch.as_strided(torch.ones(120, dtype=torch.complex64), (2, 3, 4, 5), (60, 1, 15, 3), 0)
out_ = torch.ones(2, 3, 4, 5, dtype=torch.qint32)
torch.ops.aten.empty_like.out(self, memory_format='torch.contiguous_format', out=out_)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
