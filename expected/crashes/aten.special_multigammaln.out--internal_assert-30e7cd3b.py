# opprop crash repro: aten::special_multigammaln.out fails an internal assert in aten::special_multigammaln.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.special_multigammaln.out--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::special_multigammaln.out fails an internal assert in aten::special_multigammaln.out: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::special_multigammaln.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::special_multigammaln.out'},
 'outcome_text': 'fails an internal assert in aten::special_multigammaln.out: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::special_multigammaln.out',
             'called_op': 'aten::special_multigammaln.out',
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
                        'p': 1,
                        'self': {'components': [[1, 1], [2, 1]],
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'jagged',
                                 'nested': True,
                                 'shape': [2, None, 1],
                                 'tensor': True}},
             'replay': {'choices': '41000141020141000041034100410041004101410041004100410c410141004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::special_multigammaln.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [14, 13],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float16': [11, 5],
                                                        'torch.float32': [59, 28],
                                                        'torch.float64': [4, 4],
                                                        'torch.int32': [2, 0],
                                                        'torch.int64': [2, 0],
                                                        'torch.int8': [3, 0],
                                                        'torch.uint8': [2, 0]},
                                              'out.dtype': {'floating': [3, 1],
                                                            'same': [65, 34],
                                                            'torch.bool': [4, 0],
                                                            'torch.int64': [4, 0]},
                                              'self.kind': {'dense': [75, 34],
                                                            'has_live_view': [3, 0],
                                                            'is_view': [16, 9],
                                                            'transposed': [10, 7]},
                                              'tensors.mode': {'offset': [4, 1],
                                                               'plain': [3, 0],
                                                               'zero_dim': [6, 2],
                                                               'zero_size': [10, 1]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::special_multigammaln.out'}},
 'repro': {'op': 'aten::special_multigammaln.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'nested_jagged',
                                'parts': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'ones'}},
                                          {'tensor': {'dtype': 'float32',
                                                      'shape': [2, 1],
                                                      'fill': 'ones'}}]}},
                    1],
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
torch.ops.aten.special_multigammaln.out(self, 1, out=out_)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
