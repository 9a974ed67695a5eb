# opprop crash repro: aten::silu.out fails an internal assert in aten::silu.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.silu.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::silu.out fails an internal assert in aten::silu.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::silu.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::silu.out'},
 'outcome_text': 'fails an internal assert in aten::silu.out: cloned_mutable_input.is_same(returned_output) '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::silu.out',
             'called_op': 'aten::silu.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'math_bit': 'neg',
                                'shape': [1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1],
                                'tensor': True},
                        'self': {'components': [[1, 1], [2, 1]],
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'jagged',
                                 'nested': True,
                                 'shape': [2, None, 1],
                                 'tensor': True}},
             'replay': {'choices': '41000141000141010041004103410041004101410041004100410c41004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::silu.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [19, 19],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [23, 22],
                                                        'torch.float16': [21, 17],
                                                        'torch.float32': [157, 151],
                                                        'torch.float64': [37, 37],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [3, 0]},
                                              'out.dtype': {'floating': [33, 29],
                                                            'same': [167, 164],
                                                            'torch.bool': [4, 0],
                                                            'torch.int64': [5, 0]},
                                              'self.kind': {'dense': [115, 114],
                                                            'has_live_view': [16, 16],
                                                            'is_view': [27, 27],
                                                            'nested_strided': [3, 0],
                                                            'transposed': [17, 17]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::silu.out'}},
 'repro': {'op': 'aten::silu.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'ones'}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [2, 1],
                                                      'fill': 'ones'}}]}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [1, 1],
                                         'fill': 'values',
                                         'layout': 'neg',
                                         'parts': [{'tensor': {'dtype': 'float32',
                                                               'shape': [1, 1],
                                                               'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.nested.nested_tensor([torch.ones(1, 1, dtype=torch.float32), torch.ones(2, 1, dtype=torch.float32)], layout=torch.jagged)
out_ = torch._neg_view(torch.ones(1, 1, dtype=torch.float32))
torch.ops.aten.silu.out(self, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
