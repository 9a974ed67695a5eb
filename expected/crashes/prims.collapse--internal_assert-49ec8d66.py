# opprop crash repro: prims::collapse fails an internal assert in prims::collapse: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python prims.collapse--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""prims::collapse fails an internal assert in prims::collapse: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'prims::collapse',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'prims::collapse'},
 'outcome_text': 'fails an internal assert in prims::collapse: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'prims::collapse',
             'called_op': 'prims::collapse',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'a': {'device': 'cpu',
                              'dtype': 'quint4x2',
                              'layout': 'strided',
                              'qscheme': 'per_tensor_affine',
                              'shape': [2, 3, 4, 5],
                              'storage_offset': 0,
                              'stride': [60, 20, 5, 1],
                              'tensor': True},
                        'end': 3,
                        'start': 0},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 30,
                        'crossing_seed': 0,
                        'target': 'prims::collapse'}},
 'repro': {'op': 'prims::collapse',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0, 0, 0, 0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    0,
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

a = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(0, 0, 0, 0), 1.0, 0, torch.quint8)
torch.ops.prims.collapse.default(a, 0, 0)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
