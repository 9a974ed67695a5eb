# opprop crash repro: aten::sparse_coo_tensor.indices_size fails an internal assert in aten::sparse_coo_tensor.indices_size: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.sparse_coo_tensor.indices_size--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::sparse_coo_tensor.indices_size fails an internal assert in aten::sparse_coo_tensor.indices_size: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::sparse_coo_tensor.indices_size',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::sparse_coo_tensor.indices_size'},
 'outcome_text': 'fails an internal assert in aten::sparse_coo_tensor.indices_size: false INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::sparse_coo_tensor.indices_size',
             'called_op': 'aten::sparse_coo_tensor.indices_size',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'dtype': 'torch.int32',
                        'indices': {'device': 'cpu',
                                    'dtype': 'quint8',
                                    'layout': 'strided',
                                    'qscheme': 'per_channel_affine',
                                    'shape': [0, 3],
                                    'storage_offset': 0,
                                    'stride': [3, 1],
                                    'tensor': True},
                        'is_coalesced': None,
                        'layout': None,
                        'pin_memory': False,
                        'size': [0],
                        'values': {'device': 'cpu',
                                   'dtype': 'quint8',
                                   'layout': 'strided',
                                   'qscheme': 'per_channel_affine',
                                   'shape': [0, 3],
                                   'storage_offset': 0,
                                   'stride': [3, 1],
                                   'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 107,
                        'crossing_seed': 500,
                        'target': 'aten::sparse_coo_tensor.indices_size'}},
 'repro': {'op': 'aten::sparse_coo_tensor.indices_size',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [1, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    [1]],
           'kwargs': {}}}

# ---- the repro ----
import torch

indices = torch.zeros(1, 0, dtype=torch.int64)
values = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
torch.ops.aten.sparse_coo_tensor.indices_size(indices, values, [1])


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
