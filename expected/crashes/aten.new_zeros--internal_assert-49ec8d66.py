# opprop crash repro: aten::new_zeros fails an internal assert in aten::new_zeros: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.new_zeros--internal_assert-49ec8d66.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::new_zeros fails an internal assert in aten::new_zeros: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447 on torch 2.13.0+cpu.

Public entry point: `self.new_zeros([0, 0, 0], dtype=torch.quint8)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::new_zeros',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
             'op': 'aten::new_zeros'},
 'outcome_text': 'fails an internal assert in aten::new_zeros: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`self.new_zeros([0, 0, 0], dtype=torch.quint8)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::new_zeros',
             'called_op': 'aten::new_zeros',
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447, please '
                                 'report a bug to PyTorch. cannot call qscheme on UnknownQuantizer',
                        'private': False},
             'inputs': {'device': 'cpu',
                        'dtype': 'torch.quint8',
                        'layout': 'torch.sparse_csr',
                        'pin_memory': None,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csc',
                                 'nnz': 12,
                                 'shape': [3, 4],
                                 'tensor': True},
                        'size': [1, 2, 1]},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 104,
                        'crossing_seed': 500,
                        'target': 'aten::new_zeros'}},
 'repro': {'op': 'aten::new_zeros',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 4],
                                'fill': 'values',
                                'layout': 'sparse_csc',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [5],
                                                      'fill': 'values',
                                                      'values': [0, 3, 6, 9, 12]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [12],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]}},
                                          {'tensor': {'dtype': 'float32', 'shape': [12], 'fill': 'zeros'}}]}},
                    [0, 0, 0]],
           'kwargs': {'dtype': {'literal': 'torch.quint8'}}}}

# ---- the repro ----
import torch

self = torch.sparse_compressed_tensor(torch.tensor([0, 3, 6, 9, 12], dtype=torch.int64), torch.tensor([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2], dtype=torch.int64), torch.zeros(12, dtype=torch.float32), (3, 4), layout=torch.sparse_csc)
torch.ops.aten.new_zeros.default(self, [0, 0, 0], dtype=torch.quint8)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":447
"""
