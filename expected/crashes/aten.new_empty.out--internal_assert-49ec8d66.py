# opprop crash repro: aten::new_empty.out fails an internal assert in aten::new_empty.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.new_empty.out--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::new_empty.out fails an internal assert in aten::new_empty.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::new_empty.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::new_empty.out'},
 'outcome_text': 'fails an internal assert in aten::new_empty.out: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::new_empty.out',
             'called_op': 'aten::new_empty.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'qint32',
                                'layout': 'strided',
                                'qscheme': 'per_tensor_affine',
                                'shape': [],
                                'storage_offset': 0,
                                'stride': [],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'qint32',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [5],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'size': []},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 39,
                        'crossing_seed': 0,
                        'target': 'aten::new_empty.out'}},
 'repro': {'op': 'aten::new_empty.out',
           'args': [{'tensor': {'dtype': 'qint32', 'shape': [5], 'fill': 'ones'}}, []],
           'kwargs': {'out': {'tensor': {'dtype': 'qint32', 'shape': [], 'fill': 'ones'}}}}}

# ---- the repro ----
import torch

self = torch.ones(5, dtype=torch.qint32)
out_ = torch.ones((), dtype=torch.qint32)
torch.ops.aten.new_empty.out(self, [], out=out_)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
