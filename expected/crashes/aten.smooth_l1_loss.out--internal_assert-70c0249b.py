# opprop crash repro: aten::smooth_l1_loss.out fails an internal assert in aten::smooth_l1_loss.out: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.smooth_l1_loss.out--internal_assert-70c0249b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::smooth_l1_loss.out fails an internal assert in aten::smooth_l1_loss.out: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::smooth_l1_loss.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86',
             'op': 'aten::smooth_l1_loss.out'},
 'outcome_text': 'fails an internal assert in aten::smooth_l1_loss.out: reduction == Reduction::Mean || '
                 'reduction == Reduction::Sum INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::smooth_l1_loss.out',
             'called_op': 'aten::smooth_l1_loss.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL '
                                 'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'beta': 1.0,
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1],
                                'tensor': True},
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
             'replay': {'choices': '410001410400410041004100410141004100410041004100410041004101410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::smooth_l1_loss.out',
                        'steer': {'choices': {'beta.default': {'False': [7, 3], 'True': [23, 12]},
                                              'beta.value': {'drawn': [3, 0],
                                                             'extreme': [1, 0],
                                                             'one': [3, 3]},
                                              'dtype': {'torch.bfloat16': [2, 1],
                                                        'torch.bool': [1, 0],
                                                        'torch.complex64': [2, 0],
                                                        'torch.float16': [4, 2],
                                                        'torch.float32': [43, 33],
                                                        'torch.float64': [5, 4],
                                                        'torch.int64': [2, 0],
                                                        'torch.int8': [3, 0]},
                                              'ndim': {'0': [4, 3],
                                                       '1': [1, 1],
                                                       '2': [23, 11],
                                                       '3': [1, 0],
                                                       '4': [1, 0]},
                                              'out.dtype': {'floating': [5, 4],
                                                            'same': [43, 30],
                                                            'torch.bool': [3, 0],
                                                            'torch.int64': [5, 0]},
                                              'out.out_kind': {'empty': [27, 13], 'neg': [1, 0]},
                                              'out.relation': {'fresh': [27, 13],
                                                               'same': [1, 0],
                                                               'view': [2, 2]},
                                              'reduction.default': {'False': [4, 1], 'True': [26, 14]},
                                              'reduction.value': {'drawn': [3, 1], 'past': [1, 0]},
                                              'self.kind': {'dense': [19, 14],
                                                            'neg': [1, 1],
                                                            'nested_jagged': [1, 0],
                                                            'sparse_bsc': [1, 0],
                                                            'sparse_bsr': [2, 0],
                                                            'sparse_coo': [1, 0],
                                                            'sparse_csc': [3, 0],
                                                            'transposed': [2, 0]},
                                              'self.mode': {'plain': [17, 11],
                                                            'visible': [1, 0],
                                                            'zero_dim': [3, 3]},
                                              'square': {'False': [7, 5], 'True': [23, 10]},
                                              'target.bound': {'past': [3, 0], 'within': [27, 15]},
                                              'target.kind': {'conj': [1, 1],
                                                              'dense': [17, 12],
                                                              'is_view': [2, 2],
                                                              'neg': [1, 0],
                                                              'nested_jagged': [1, 0],
                                                              'quantized_per_tensor': [2, 0],
                                                              'sparse_bsc': [1, 0],
                                                              'sparse_csc': [4, 0],
                                                              'sparse_csr': [1, 0]},
                                              'target.qdtype': {'torch.quint8': [2, 0]},
                                              'target.zero_point': {'0': [1, 0], 'None': [1, 0]},
                                              'tensors.mode': {'plain': [1, 1], 'zero_dim': [3, 3]}},
                                  'total': [30, 15],
                                  'valid_rate': 0.5},
                        'target': 'aten::smooth_l1_loss.out'}},
 'repro': {'op': 'aten::smooth_l1_loss.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    -1,
                    0.0],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
target = torch.zeros((), dtype=torch.float32)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.smooth_l1_loss.out(self, target, -1, 0.0, out=out_)


EXPECTED = """internal assert: reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Loss.cpp":86
"""
