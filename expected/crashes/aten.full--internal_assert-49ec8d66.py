# opprop crash repro: aten::full fails an internal assert in aten::full: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.full--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::full fails an internal assert in aten::full: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `torch.full([0, 0, 0], 0, dtype=torch.qint32)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::full',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::full'},
 'outcome_text': 'fails an internal assert in aten::full: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.full([0, 0, 0], 0, dtype=torch.qint32)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::full',
             'called_op': 'aten::full',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'dtype': 'torch.qint32', 'fill_value': 0, 'size': [3, 4, 3]},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 30,
                        'crossing_seed': 0,
                        'target': 'aten::full'}},
 'repro': {'op': 'aten::full', 'args': [[0, 0, 0], 0], 'kwargs': {'dtype': {'literal': 'torch.qint32'}}}}

# ---- the repro ----
import torch

torch.ops.aten.full.default([0, 0, 0], 0, dtype=torch.qint32)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
