# opprop crash repro: aten::view_copy.dtype_out dies with SIGSEGV (segmentation fault) in aten::view_copy.dtype_out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.view_copy.dtype_out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::view_copy.dtype_out dies with SIGSEGV (segmentation fault) in aten::view_copy.dtype_out on torch 2.13.0+cpu.

Public entry point: `torch.view_copy(self, torch.bool, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::view_copy.dtype_out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::view_copy.dtype_out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::view_copy.dtype_out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.view_copy(self, torch.bool, out=out_)`',
 'frame': 'at::native::qscheme_quant (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::view_copy.dtype_out',
             'called_op': 'aten::view_copy.dtype_out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 4, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dtype': 'torch.bool',
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'sparse_bsc',
                                'nnz': 5,
                                'shape': [1, 5],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'qint32',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [4, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::view_copy.dtype_out: self={'tensor': True, 'dtype': 'qint32', "
                                "'shape': [3, 4], 'device': 'cpu', 'layout': 'strided', 'stride': [4, 1], "
                                "'storage_offset': 0, 'qscheme': 'per_tensor_affine'}, dtype='torch.bool', "
                                "out={'tensor': True, 'dtype': 'float32', 'shape': [1, 5], 'device': 'cpu', "
                                "'layout': 'sparse_bsc', 'nnz': 5})",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 3,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::view_copy.dtype_out',
                        'target': 'aten::view_copy.dtype_out',
                        'example': 4}},
 'repro': {'op': 'aten::view_copy.dtype_out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    {'literal': 'torch.bool'}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [1, 5],
                                         'fill': 'values',
                                         'layout': 'sparse_bsc',
                                         'parts': [{'tensor': {'dtype': 'int64',
                                                               'shape': [6],
                                                               'fill': 'values',
                                                               'values': [0, 1, 2, 3, 4, 5]}},
                                                   {'tensor': {'dtype': 'int64',
                                                               'shape': [5],
                                                               'fill': 'values',
                                                               'values': [0, 0, 0, 0, 0]}},
                                                   {'tensor': {'dtype': 'float32',
                                                               'shape': [5, 1, 1],
                                                               'fill': 'zeros'}}]}}}}}

# ---- the repro ----
import torch

self = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
out_ = torch.sparse_compressed_tensor(torch.tensor([0, 1, 2, 3, 4, 5], dtype=torch.int64), torch.tensor([0, 0, 0, 0, 0], dtype=torch.int64), torch.zeros(5, 1, 1, dtype=torch.float32), (1, 5), layout=torch.sparse_bsc)
torch.ops.aten.view_copy.dtype_out(self, torch.bool, out=out_)


EXPECTED = """dies with SIGSEGV
"""
