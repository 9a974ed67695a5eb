# opprop crash repro: aten::new_ones.out fails an internal assert in aten::new_ones.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.new_ones.out--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::new_ones.out fails an internal assert in aten::new_ones.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::new_ones.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::new_ones.out'},
 'outcome_text': 'fails an internal assert in aten::new_ones.out: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::new_ones.out',
             'called_op': 'aten::new_ones.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'qint8',
                                'layout': 'strided',
                                'qscheme': 'per_tensor_affine',
                                'shape': [],
                                'storage_offset': 0,
                                'stride': [],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 1, 15, 3],
                                 'tensor': True},
                        'size': [7, 7]},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 32,
                        'crossing_seed': 0,
                        'target': 'aten::new_ones.out'}},
 'repro': {'op': 'aten::new_ones.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}, [0, 0]],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [],
                                         'fill': 'zeros',
                                         'quant': ['per_tensor', 'quint8', 1.0, 0]}}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
out_ = torch.quantize_per_tensor(torch.zeros(1, dtype=torch.float32).reshape(()), 1.0, 0, torch.quint8)
torch.ops.aten.new_ones.out(self, [0, 0], out=out_)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
