# opprop crash repro: aten::ones_like fails an internal assert in aten::ones_like: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.ones_like--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::ones_like fails an internal assert in aten::ones_like: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `torch.ones_like(self, dtype=torch.quint8, layout=torch.strided)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::ones_like',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::ones_like'},
 'outcome_text': 'fails an internal assert in aten::ones_like: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.ones_like(self, dtype=torch.quint8, layout=torch.strided)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::ones_like',
             'called_op': 'aten::ones_like',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'device': 'cpu',
                        'dtype': 'torch.quint8',
                        'layout': 'torch.strided',
                        'memory_format': 'torch.contiguous_format',
                        'pin_memory': False,
                        'self': {'coalesced': False,
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_coo',
                                 'nnz': 2,
                                 'shape': [],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 11,
                        'crossing_seed': 500,
                        'target': 'aten::ones_like'}},
 'repro': {'op': 'aten::ones_like',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [0, 0],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}],
                                'coalesced': False}}],
           'kwargs': {'dtype': {'literal': 'torch.quint8'}, 'layout': {'literal': 'torch.strided'}}}}

# ---- the repro ----
import torch

self = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(0, 0), torch.zeros(0, dtype=torch.float32), (), is_coalesced=False)
torch.ops.aten.ones_like.default(self, dtype=torch.quint8, layout=torch.strided)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
