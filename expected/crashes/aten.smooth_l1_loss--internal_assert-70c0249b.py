# opprop crash repro: aten::smooth_l1_loss fails an internal assert in aten::smooth_l1_loss: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.smooth_l1_loss--internal_assert-70c0249b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::smooth_l1_loss fails an internal assert in aten::smooth_l1_loss: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::smooth_l1_loss',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86',
             'op': 'aten::smooth_l1_loss'},
 'outcome_text': 'fails an internal assert in aten::smooth_l1_loss: reduction == Reduction::Mean || '
                 'reduction == Reduction::Sum INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::smooth_l1_loss',
             'called_op': 'aten::smooth_l1_loss',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL '
                                 'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'beta': 1.0,
                        'reduction': -1,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'target': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [1, 1],
                                   'storage_offset': 0,
                                   'stride': [1, 1],
                                   'tensor': True}},
             'replay': {'choices': '4101410d4100410041014100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::smooth_l1_loss',
                        'steer': {'choices': {'beta.default': {'False': [4, 3], 'True': [32, 26]},
                                              'beta.value': {'drawn': [4, 3]},
                                              'dtype': {'torch.bfloat16': [2, 2],
                                                        'torch.bool': [2, 2],
                                                        'torch.complex64': [1, 0],
                                                        'torch.float16': [6, 6],
                                                        'torch.float32': [32, 26],
                                                        'torch.float64': [7, 7],
                                                        'torch.int64': [3, 0],
                                                        'torch.int8': [1, 0],
                                                        'torch.uint8': [1, 0]},
                                              'ndim': {'1': [1, 1], '2': [35, 28]},
                                              'reduction.default': {'False': [12, 11], 'True': [24, 18]},
                                              'reduction.value': {'drawn': [4, 3], 'negative': [8, 8]},
                                              'self.kind': {'dense': [25, 25],
                                                            'has_live_view': [1, 1],
                                                            'is_view': [2, 2],
                                                            'neg': [1, 0],
                                                            'quantized_per_channel': [1, 1],
                                                            'quantized_per_tensor': [2, 0],
                                                            'sparse_bsc': [1, 0],
                                                            'sparse_bsr': [1, 0],
                                                            'sparse_coo': [2, 0]},
                                              'self.mode': {'expanded': [1, 1],
                                                            'plain': [23, 23],
                                                            'sliced': [1, 1],
                                                            'zero_size': [3, 3]},
                                              'self.qdtype': {'torch.quint4x2': [1, 0],
                                                              'torch.quint8': [2, 1]},
                                              'self.zero_point': {'None': [3, 1]},
                                              'square': {'False': [8, 7], 'True': [28, 22]},
                                              'target.bound': {'past': [15, 10], 'within': [21, 19]},
                                              'target.kind': {'dense': [32, 27],
                                                              'has_live_view': [1, 1],
                                                              'nested_jagged': [1, 0],
                                                              'nested_strided': [1, 0],
                                                              'quantized_per_channel': [1, 1]},
                                              'target.qdtype': {'torch.quint8': [1, 1]},
                                              'target.zero_point': {'None': [1, 1]},
                                              'tensors.mode': {'expanded': [1, 1],
                                                               'plain': [9, 9],
                                                               'sliced': [1, 1]}},
                                  'total': [36, 29],
                                  'valid_rate': 0.8055555555555556},
                        'target': 'aten::smooth_l1_loss'}},
 'repro': {'op': 'aten::smooth_l1_loss',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    -1],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
target = torch.zeros((), dtype=torch.float32)
torch.ops.aten.smooth_l1_loss.default(self, target, -1)


EXPECTED = """internal assert: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86
"""
