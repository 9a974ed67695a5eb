# opprop crash repro: aten::pad_sequence fails an internal assert in aten::pad_sequence: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.pad_sequence--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::pad_sequence fails an internal assert in aten::pad_sequence: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::pad_sequence',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::pad_sequence'},
 'outcome_text': 'fails an internal assert in aten::pad_sequence: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::pad_sequence',
             'called_op': 'aten::pad_sequence',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'padding_value': 'inf',
                        'sequences': [{'device': 'cpu',
                                       'dtype': 'quint8',
                                       'layout': 'strided',
                                       'qscheme': 'per_tensor_affine',
                                       'shape': [0, 3],
                                       'storage_offset': 0,
                                       'stride': [3, 1],
                                       'tensor': True},
                                      {'device': 'cpu',
                                       'dtype': 'quint2x4',
                                       'layout': 'strided',
                                       'qscheme': 'per_tensor_affine',
                                       'shape': [2, 3, 4, 5],
                                       'storage_offset': 0,
                                       'stride': [60, 20, 5, 1],
                                       'tensor': True}]},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 42,
                        'crossing_seed': 500,
                        'target': 'aten::pad_sequence'}},
 'repro': {'op': 'aten::pad_sequence',
           'args': [[{'tensor': {'dtype': 'float32',
                                 'shape': [0, 3],
                                 'fill': 'zeros',
                                 'quant': ['per_tensor', 'quint8', 1.0, 0]}}]],
           'kwargs': {}}}

# ---- the repro ----
import torch

sequences = [torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32).reshape(0, 3), 1.0, 0, torch.quint8)]
torch.ops.aten.pad_sequence.default(sequences)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
