# opprop crash repro: aten::select_scatter.out fails an internal assert in aten::select_scatter.out: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.select_scatter.out--internal_assert-4b249d6e.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::select_scatter.out fails an internal assert in aten::select_scatter.out: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::select_scatter.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.has_storage() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668',
             'op': 'aten::select_scatter.out'},
 'outcome_text': 'fails an internal assert in aten::select_scatter.out: self.has_storage() INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::select_scatter.out',
             'called_op': 'aten::select_scatter.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.has_storage() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': 0,
                        'index': 0,
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csr',
                                 'nnz': 1,
                                 'shape': [1, 1],
                                 'tensor': True},
                        'src': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [1],
                                'storage_offset': 1,
                                'stride': [1],
                                'tensor': True}},
             'replay': {'choices': '4101410000410041004100410141004100410641004100410041004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::select_scatter.out',
                        'steer': {'choices': {'dim.value': {'drawn': [29, 12]},
                                              'dtype': {'torch.complex64': [1, 0],
                                                        'torch.float32': [26, 12],
                                                        'torch.int64': [2, 0]},
                                              'index.style': {'1d': [18, 4], 'same': [11, 8]},
                                              'index.value': {'drawn': [28, 12], 'negative': [1, 0]},
                                              'ndim': {'2': [22, 6], '3': [6, 5], '4': [1, 1]},
                                              'out.dtype': {'floating': [2, 1],
                                                            'same': [17, 3],
                                                            'torch.int64': [9, 8]},
                                              'out.out_kind': {'empty': [28, 12]},
                                              'out.relation': {'fresh': [28, 12], 'same': [1, 0]},
                                              'self.kind': {'dense': [7, 0],
                                                            'is_view': [2, 0],
                                                            'quantized_per_tensor': [1, 0],
                                                            'sparse_bsc': [2, 2],
                                                            'sparse_coo': [1, 0],
                                                            'sparse_coo_uncoalesced': [6, 0],
                                                            'sparse_csr': [10, 10]},
                                              'self.mode': {'plain': [8, 0], 'zero_size': [1, 0]},
                                              'self.qdtype': {'torch.quint8': [1, 0]},
                                              'self.zero_point': {'None': [1, 0]},
                                              'square': {'False': [1, 0], 'True': [28, 12]},
                                              'src.kind': {'conj': [1, 0],
                                                           'dense': [16, 4],
                                                           'is_view': [1, 0],
                                                           'quantized_per_tensor': [9, 8],
                                                           'sparse_csr': [1, 0]},
                                              'src.mode': {'plain': [16, 4], 'zero_size': [1, 0]},
                                              'src.qdtype': {'torch.quint8': [9, 8]},
                                              'src.relation': {'own': [28, 12], 'same': [1, 0]},
                                              'src.zero_point': {'None': [9, 8]},
                                              'tensors.mode': {'plain': [1, 0], 'zero_size': [1, 0]}},
                                  'total': [29, 12],
                                  'valid_rate': 0.41379310344827586},
                        'target': 'aten::select_scatter.out'}},
 'repro': {'op': 'aten::select_scatter.out',
           'args': [{'tensor': {'dtype': 'float32',
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
                                          {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}}]}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    0,
                    0],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 1], dtype=torch.int64), torch.tensor([0], dtype=torch.int64), torch.zeros(1, dtype=torch.float32), (1, 1), layout=torch.sparse_csr)
src = torch.zeros((), dtype=torch.float32)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.select_scatter.out(self, src, 0, 0, out=out_)


EXPECTED = """internal assert: self.has_storage() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4668
"""
