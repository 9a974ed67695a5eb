# opprop crash repro: aten::index.Tensor fails an internal assert in aten::index.Tensor: self.qscheme() == c10::kPerTensorAffine || self.qscheme() == c10::kPerTensorSymmetric INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp":732 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.index.Tensor--internal_assert-40549726.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::index.Tensor fails an internal assert in aten::index.Tensor: self.qscheme() == c10::kPerTensorAffine || self.qscheme() == c10::kPerTensorSymmetric INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp":732 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::index.Tensor',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.qscheme() == c10::kPerTensorAffine || self.qscheme() == c10::kPerTensorSymmetric '
                     'INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp":732',
             'op': 'aten::index.Tensor'},
 'outcome_text': 'fails an internal assert in aten::index.Tensor: self.qscheme() == c10::kPerTensorAffine || '
                 'self.qscheme() == c10::kPerTensorSymmetric INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp":732',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::index.Tensor',
             'called_op': 'aten::index.Tensor',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.qscheme() == c10::kPerTensorAffine || self.qscheme() == '
                                 'c10::kPerTensorSymmetric INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp":732, '
                                 'please report a bug to PyTorch. Indexing is only supported for per-Tensor '
                                 'quantized Tensors.',
                        'private': False},
             'inputs': {'indices': [{'device': 'cpu',
                                     'dtype': 'int64',
                                     'layout': 'strided',
                                     'shape': [2],
                                     'storage_offset': 0,
                                     'stride': [1],
                                     'tensor': True}],
                        'self': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_channel_affine',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True}},
             'replay': {'choices': '410141000041004100410141004105410041004100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::index.Tensor',
                        'steer': {'choices': {'dtype': {'torch.bool': [1, 1],
                                                        'torch.float16': [1, 0],
                                                        'torch.float32': [14, 10],
                                                        'torch.float64': [1, 0],
                                                        'torch.uint8': [1, 0]},
                                              'indices.bound': {'past': [6, 0], 'within': [12, 11]},
                                              'indices.style': {'1d': [11, 4], 'same': [7, 7]},
                                              'ndim': {'0': [3, 0], '1': [5, 2], '2': [10, 9]},
                                              'self.kind': {'dense': [17, 10], 'is_view': [1, 1]},
                                              'self.mode': {'expanded': [1, 1],
                                                            'extreme': [3, 0],
                                                            'plain': [11, 10],
                                                            'visible': [2, 0],
                                                            'zero_size': [1, 0]},
                                              'square': {'False': [5, 2], 'True': [13, 9]},
                                              'tensors.mode': {'plain': [4, 4]}},
                                  'total': [18, 11],
                                  'valid_rate': 0.6111111111111112},
                        'target': 'aten::index.Tensor'}},
 'repro': {'op': 'aten::index.Tensor',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 0],
                                'fill': 'zeros',
                                'quant': ['per_channel', 'quint8', 0, [1.0], [0]]}},
                    [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}]],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.quantize_per_channel(torch.zeros(0, dtype=torch.float32).reshape(1, 0), torch.tensor([1.0], dtype=torch.double), torch.tensor([0], dtype=torch.long), 0, torch.quint8)
indices = [torch.zeros((), dtype=torch.float32)]
torch.ops.aten.index.Tensor(self, indices)


EXPECTED = """internal assert: self.qscheme() == c10::kPerTensorAffine || self.qscheme() == c10::kPerTensorSymmetric INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp":732
"""
