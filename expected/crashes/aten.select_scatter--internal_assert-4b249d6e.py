# opprop crash repro: aten::select_scatter fails an internal assert in aten::select_scatter: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.select_scatter--internal_assert-4b249d6e.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::select_scatter fails an internal assert in aten::select_scatter: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668 on torch 2.13.0+cpu.

Public entry point: `torch.select_scatter(self, src, 0, -1)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::select_scatter',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.has_storage() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668',
             'op': 'aten::select_scatter'},
 'outcome_text': 'fails an internal assert in aten::select_scatter: self.has_storage() INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.select_scatter(self, src, 0, -1)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::select_scatter',
             'called_op': 'aten::select_scatter',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.has_storage() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': 0,
                        'index': -1,
                        'self': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'sparse_csr',
                                 'nnz': 1,
                                 'shape': [1, 1],
                                 'tensor': True},
                        'src': {'device': 'cpu',
                                'dtype': 'float64',
                                'layout': 'strided',
                                'shape': [],
                                'storage_offset': 1,
                                'stride': [],
                                'tensor': True}},
             'replay': {'choices': '4102410000410041024100410041014100410041004106410041004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::select_scatter',
                        'steer': {'choices': {'dim.value': {'drawn': [46, 8],
                                                            'negative': [2, 2],
                                                            'past': [3, 1]},
                                              'dtype': {'torch.bfloat16': [2, 1],
                                                        'torch.bool': [1, 0],
                                                        'torch.complex64': [2, 0],
                                                        'torch.float32': [36, 6],
                                                        'torch.float64': [7, 4],
                                                        'torch.int32': [2, 0],
                                                        'torch.int8': [1, 0]},
                                              'index.style': {'1d': [37, 10], 'same': [14, 1]},
                                              'index.value': {'drawn': [37, 2], 'negative': [14, 9]},
                                              'ndim': {'1': [4, 3], '2': [44, 8], '3': [2, 0], '4': [1, 0]},
                                              'self.kind': {'dense': [19, 0],
                                                            'has_live_view': [2, 0],
                                                            'is_view': [4, 0],
                                                            'quantized_per_channel': [1, 0],
                                                            'quantized_per_tensor': [1, 0],
                                                            'sparse_coo': [21, 10],
                                                            'sparse_csr': [1, 1],
                                                            'transposed': [2, 0]},
                                              'self.mode': {'extreme': [3, 0],
                                                            'offset': [1, 0],
                                                            'plain': [18, 0],
                                                            'zero_size': [5, 0]},
                                              'self.qdtype': {'torch.quint8': [2, 0]},
                                              'self.zero_point': {'None': [2, 0]},
                                              'square': {'False': [3, 0], 'True': [48, 11]},
                                              'src.kind': {'dense': [15, 0],
                                                           'is_view': [4, 1],
                                                           'quantized_per_channel': [3, 0],
                                                           'quantized_per_tensor': [1, 0],
                                                           'sparse_coo': [4, 0],
                                                           'sparse_coo_uncoalesced': [5, 0],
                                                           'sparse_csr': [16, 10]},
                                              'src.mode': {'plain': [19, 1]},
                                              'src.qdtype': {'torch.quint8': [4, 0]},
                                              'src.relation': {'own': [48, 11],
                                                               'partial': [1, 0],
                                                               'same': [2, 0]},
                                              'src.zero_point': {'None': [4, 0]},
                                              'tensors.mode': {'plain': [1, 0]}},
                                  'total': [51, 11],
                                  'valid_rate': 0.21568627450980393},
                        'target': 'aten::select_scatter'}},
 'repro': {'op': 'aten::select_scatter',
           'args': [{'tensor': {'dtype': 'float64',
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
                                          {'tensor': {'dtype': 'float64', 'shape': [1], 'fill': 'zeros'}}]}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    0,
                    -1],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, dtype=torch.float64), (1, 1), layout=torch.sparse_csr)
src = torch.zeros((), dtype=torch.float32)
torch.ops.aten.select_scatter.default(self, src, 0, -1)


EXPECTED = """internal assert: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668
"""
