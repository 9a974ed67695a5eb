# opprop crash repro: aten::dequantize.tensors_out fails an internal assert in aten::dequantize.tensors_out: dst.size() == src.size() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.dequantize.tensors_out--internal_assert-11a6d081.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::dequantize.tensors_out fails an internal assert in aten::dequantize.tensors_out: dst.size() == src.size() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::dequantize.tensors_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'dst.size() == src.size() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063',
             'op': 'aten::dequantize.tensors_out'},
 'outcome_text': 'fails an internal assert in aten::dequantize.tensors_out: dst.size() == src.size() '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::dequantize.tensors_out',
             'called_op': 'aten::dequantize.tensors_out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'dst.size() == src.size() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': [],
                        'tensors': [{'device': 'cpu',
                                     'dtype': 'quint4x2',
                                     'layout': 'strided',
                                     'qscheme': 'per_tensor_affine',
                                     'shape': [3, 4],
                                     'storage_offset': 0,
                                     'stride': [4, 1],
                                     'tensor': True},
                                    {'device': 'cpu',
                                     'dtype': 'quint8',
                                     'layout': 'strided',
                                     'qscheme': 'per_channel_affine',
                                     'shape': [0, 3],
                                     'storage_offset': 0,
                                     'stride': [3, 1],
                                     'tensor': True}]},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 24,
                        'crossing_seed': 0,
                        'target': 'aten::dequantize.tensors_out'}},
 'repro': {'op': 'aten::dequantize.tensors_out',
           'args': [[{'tensor': {'dtype': 'float32',
                                 'shape': [0],
                                 'fill': 'zeros',
                                 'quant': ['per_channel', 'quint8', 0, [], []]}}]],
           'kwargs': {'out': []}}}

# ---- the repro ----
import torch

tensors = [torch.quantize_per_channel(torch.zeros(0, dtype=torch.float32), torch.tensor([], dtype=torch.double), torch.tensor([], dtype=torch.long), 0, torch.quint8)]
torch.ops.aten.dequantize.tensors_out(tensors, out=[])


EXPECTED = """internal assert: dst.size() == src.size() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063
"""
