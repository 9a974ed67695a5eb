# opprop crash repro: aten::_sparse_compressed_tensor_with_dims dies with SIGSEGV (segmentation fault) in aten::_sparse_compressed_tensor_with_dims on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._sparse_compressed_tensor_with_dims--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_sparse_compressed_tensor_with_dims dies with SIGSEGV (segmentation fault) in aten::_sparse_compressed_tensor_with_dims on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_sparse_compressed_tensor_with_dims',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_sparse_compressed_tensor_with_dims'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_sparse_compressed_tensor_with_dims',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_sparse_compressed_tensor_with_dims',
             'called_op': 'aten::_sparse_compressed_tensor_with_dims',
             'detail': {'example': 471, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'blocksize': [],
                        'dense_dim': -2,
                        'device': 'cpu',
                        'dtype': None,
                        'index_dtype': 'torch.complex64',
                        'layout': 'torch.sparse_csc',
                        'nnz': 4,
                        'pin_memory': False,
                        'size': []},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::_sparse_compressed_tensor_with_dims',
           'args': [4, -2, [], [], {'literal': 'torch.int64'}],
           'kwargs': {'layout': {'literal': 'torch.sparse_csc'}}}}

# ---- the repro ----
import torch

torch.ops.aten._sparse_compressed_tensor_with_dims.default(4, -2, [], [], torch.int64, layout=torch.sparse_csc)


EXPECTED = """dies with SIGSEGV
"""
