# opprop crash repro: aten::linear fails an internal assert in aten::linear: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.linear--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::linear fails an internal assert in aten::linear: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::linear',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::linear'},
 'outcome_text': 'fails an internal assert in aten::linear: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::linear',
             'called_op': 'aten::linear',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'bias': {'device': 'cpu',
                                 'dtype': 'quint4x2',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True},
                        'input': {'device': 'cpu',
                                  'dtype': 'int64',
                                  'layout': 'sparse_csr',
                                  'nnz': 1,
                                  'shape': [1, 1],
                                  'tensor': True},
                        'weight': {'device': 'cpu',
                                   'dtype': 'int64',
                                   'layout': 'sparse_csr',
                                   'nnz': 1,
                                   'shape': [1, 1],
                                   'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 15,
                        'crossing_seed': 500,
                        'target': 'aten::linear'}},
 'repro': {'op': 'aten::linear',
           'args': [{'tensor': {'dtype': 'int64',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_csr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0, 1]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0]}},
                                          {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'zeros'}}]}},
                    {'tensor': {'dtype': 'int64',
                                'shape': [1, 1],
                                'fill': 'values',
                                'layout': 'sparse_csr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0, 1]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [1],
                                                      'fill': 'values',
                                                      'values': [0]}},
                                          {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'zeros'}}]}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, dtype=torch.int64), (1, 1), layout=torch.sparse_csr)
weight = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, dtype=torch.int64), (1, 1), layout=torch.sparse_csr)
bias = torch.quantize_per_tensor(torch.zeros(1, dtype=torch.float32).reshape(()), 1.0, 0, torch.quint8)
torch.ops.aten.linear.default(input, weight, bias)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
