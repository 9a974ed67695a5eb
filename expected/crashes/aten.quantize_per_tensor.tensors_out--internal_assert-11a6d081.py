# opprop crash repro: aten::quantize_per_tensor.tensors_out fails an internal assert in aten::quantize_per_tensor.tensors_out: dst.size() == src.size() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.quantize_per_tensor.tensors_out--internal_assert-11a6d081.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::quantize_per_tensor.tensors_out fails an internal assert in aten::quantize_per_tensor.tensors_out: dst.size() == src.size() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::quantize_per_tensor.tensors_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'dst.size() == src.size() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063',
             'op': 'aten::quantize_per_tensor.tensors_out'},
 'outcome_text': 'fails an internal assert in aten::quantize_per_tensor.tensors_out: dst.size() == '
                 'src.size() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::quantize_per_tensor.tensors_out',
             'called_op': 'aten::quantize_per_tensor.tensors_out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'dst.size() == src.size() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dtype': 'torch.int8',
                        'out': [{'device': 'cpu',
                                 'dtype': 'int32',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 20, 5, 1],
                                 'tensor': True},
                                {'device': 'cpu',
                                 'dtype': 'int32',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 20, 5, 1],
                                 'tensor': True},
                                {'device': 'cpu',
                                 'dtype': 'int32',
                                 'layout': 'strided',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 20, 5, 1],
                                 'tensor': True}],
                        'scales': {'device': 'cpu',
                                   'dtype': 'int32',
                                   'layout': 'strided',
                                   'shape': [2, 3, 4, 5],
                                   'storage_offset': 0,
                                   'stride': [60, 20, 5, 1],
                                   'tensor': True},
                        'tensors': [],
                        'zero_points': {'device': 'cpu',
                                        'dtype': 'int32',
                                        'layout': 'strided',
                                        'shape': [2, 3, 4, 5],
                                        'storage_offset': 0,
                                        'stride': [60, 20, 5, 1],
                                        'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 31,
                        'crossing_seed': 0,
                        'target': 'aten::quantize_per_tensor.tensors_out'}},
 'repro': {'op': 'aten::quantize_per_tensor.tensors_out',
           'args': [[],
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'literal': 'torch.int8'}],
           'kwargs': {'out': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}]}}}

# ---- the repro ----
import torch

scales = torch.zeros((), dtype=torch.float32)
zero_points = torch.zeros((), dtype=torch.float32)
out_ = [torch.zeros((), dtype=torch.float32)]
torch.ops.aten.quantize_per_tensor.tensors_out([], scales, zero_points, torch.int8, out=out_)


EXPECTED = """internal assert: dst.size() == src.size() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063
"""
