# opprop crash repro: aten::log_sigmoid_forward.output fails an internal assert in aten::log_sigmoid_forward.output: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.log_sigmoid_forward.output--internal_assert-30e7cd3b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::log_sigmoid_forward.output fails an internal assert in aten::log_sigmoid_forward.output: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::log_sigmoid_forward.output',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
             'op': 'aten::log_sigmoid_forward.output'},
 'outcome_text': 'fails an internal assert in aten::log_sigmoid_forward.output: '
                 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::log_sigmoid_forward.output',
             'called_op': 'aten::log_sigmoid_forward.output',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'buffer': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'math_bit': 'neg',
                                   'shape': [0, 1],
                                   'storage_offset': 0,
                                   'stride': [1, 1],
                                   'tensor': True},
                        'output': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [0, 1],
                                   'storage_offset': 0,
                                   'stride': [1, 1],
                                   'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '410241004100410041004101410041004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::log_sigmoid_forward.output',
                        'steer': {'choices': {'buffer.dtype': {'floating': [53, 38],
                                                               'same': [98, 85],
                                                               'torch.bool': [3, 0],
                                                               'torch.int64': [3, 0]},
                                              'dtype': {'torch.bfloat16': [7, 4],
                                                        'torch.bool': [9, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float16': [6, 5],
                                                        'torch.float32': [99, 88],
                                                        'torch.float64': [51, 46],
                                                        'torch.int64': [6, 0]},
                                              'ndim': {'0': [12, 8],
                                                       '1': [28, 26],
                                                       '2': [102, 88],
                                                       '3': [10, 3],
                                                       '4': [9, 9]},
                                              'output.dtype': {'floating': [29, 29],
                                                               'same': [90, 87],
                                                               'torch.bool': [9, 0],
                                                               'torch.int64': [10, 0]},
                                              'square': {'False': [9, 2], 'True': [152, 132]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::log_sigmoid_forward.output'}},
 'repro': {'op': 'aten::log_sigmoid_forward.output',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 1], 'fill': 'ones'}}],
           'kwargs': {'output': {'tensor': {'dtype': 'float32', 'shape': [0, 1], 'fill': 'ones'}},
                      'buffer': {'tensor': {'dtype': 'float32',
                                            'shape': [0, 1],
                                            'fill': 'values',
                                            'layout': 'neg',
                                            'parts': [{'tensor': {'dtype': 'float32',
                                                                  'shape': [0, 1],
                                                                  'fill': 'ones'}}]}}}}}

# ---- the repro ----
import torch

self = torch.ones(0, 1, dtype=torch.float32)
output = torch.ones(0, 1, dtype=torch.float32)
buffer = torch._neg_view(torch.ones(0, 1, dtype=torch.float32))
torch.ops.aten.log_sigmoid_forward.output(self, output=output, buffer=buffer)


EXPECTED = """internal assert: cloned_mutable_input.is_same(returned_output) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/MathBitsFallback.h":141
"""
