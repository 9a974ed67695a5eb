# opprop crash repro: aten::special_scaled_modified_bessel_k1.out fails an internal assert in aten::special_scaled_modified_bessel_k1.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.special_scaled_modified_bessel_k1.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::special_scaled_modified_bessel_k1.out fails an internal assert in aten::special_scaled_modified_bessel_k1.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::special_scaled_modified_bessel_k1.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::special_scaled_modified_bessel_k1.out'},
 'outcome_text': 'fails an internal assert in aten::special_scaled_modified_bessel_k1.out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::special_scaled_modified_bessel_k1.out',
             'called_op': 'aten::special_scaled_modified_bessel_k1.out',
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'math_bit': 'neg',
                                'shape': [3, 4],
                                'storage_offset': 0,
                                'stride': [4, 1],
                                'tensor': True},
                        'x': {'components': [[3, 4], [4, 4]],
                              'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'jagged',
                              'nested': True,
                              'shape': [2, None, 4],
                              'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 573,
                        'crossing_seed': 500,
                        'target': 'aten::special_scaled_modified_bessel_k1.out'}},
 'repro': {'op': 'aten::special_scaled_modified_bessel_k1.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float32', 'shape': [3, 4], 'fill': 'ones'}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [4, 4],
                                                      'fill': 'ones'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [3, 4],
                                         'fill': 'values',
                                         'layout': 'neg',
                                         'parts': [{'tensor': {'dtype': 'float32',
                                                               'shape': [3, 4],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

x = torch.nested.nested_tensor([torch.ones(3, 4, dtype=torch.float32), torch.ones(4, 4, dtype=torch.float32)], layout=torch.jagged)
out_ = torch._neg_view(torch.ones(3, 4, dtype=torch.float32))
torch.ops.aten.special_scaled_modified_bessel_k1.out(x, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
