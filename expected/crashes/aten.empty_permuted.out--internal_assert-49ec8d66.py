# opprop crash repro: aten::empty_permuted.out fails an internal assert in aten::empty_permuted.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.empty_permuted.out--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::empty_permuted.out fails an internal assert in aten::empty_permuted.out: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::empty_permuted.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::empty_permuted.out'},
 'outcome_text': 'fails an internal assert in aten::empty_permuted.out: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::empty_permuted.out',
             'called_op': 'aten::empty_permuted.out',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'qint8',
                                'layout': 'strided',
                                'qscheme': 'per_tensor_affine',
                                'shape': [0, 3],
                                'storage_offset': 0,
                                'stride': [3, 1],
                                'tensor': True},
                        'physical_layout': [0],
                        'size': [65537]},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 31,
                        'crossing_seed': 500,
                        'target': 'aten::empty_permuted.out'}},
 'repro': {'op': 'aten::empty_permuted.out',
           'args': [[0], [0]],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [0],
                                         'fill': 'zeros',
                                         'quant': ['per_tensor', 'quint8', 1.0, 0]}}}}}

# ---- the repro ----
import torch

out_ = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
torch.ops.aten.empty_permuted.out([0], [0], out=out_)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
