# opprop crash repro: aten::empty_permuted fails an internal assert in aten::empty_permuted: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.empty_permuted--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::empty_permuted fails an internal assert in aten::empty_permuted: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `torch.empty_permuted([], [], dtype=torch.qint32)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::empty_permuted',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::empty_permuted'},
 'outcome_text': 'fails an internal assert in aten::empty_permuted: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.empty_permuted([], [], dtype=torch.qint32)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::empty_permuted',
             'called_op': 'aten::empty_permuted',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'device': 'cpu',
                        'dtype': 'torch.qint32',
                        'layout': 'torch.strided',
                        'physical_layout': [],
                        'pin_memory': False,
                        'size': []},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 443,
                        'crossing_seed': 500,
                        'target': 'aten::empty_permuted'}},
 'repro': {'op': 'aten::empty_permuted', 'args': [[], []], 'kwargs': {'dtype': {'literal': 'torch.qint32'}}}}

# ---- the repro ----
import torch

torch.ops.aten.empty_permuted.default([], [], dtype=torch.qint32)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
