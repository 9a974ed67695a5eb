# opprop crash repro: aten::embedding_dense_backward.out dies with SIGSEGV (segmentation fault) in aten::embedding_dense_backward.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.embedding_dense_backward.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::embedding_dense_backward.out dies with SIGSEGV (segmentation fault) in aten::embedding_dense_backward.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::embedding_dense_backward.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::embedding_dense_backward.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::embedding_dense_backward.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::embedding_dense_backward.out',
             'called_op': 'aten::embedding_dense_backward.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 45, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'complex64',
                                        'layout': 'strided',
                                        'shape': [3, 1],
                                        'storage_offset': 1,
                                        'stride': [1, 1],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [3, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1],
                                    'tensor': True},
                        'num_weights': 1,
                        'out': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'shape': [3, 1],
                                'storage_offset': 1,
                                'stride': [1, 1],
                                'tensor': True},
                        'padding_idx': 1,
                        'scale_grad_by_freq': True}},
 'repro': {'op': 'aten::embedding_dense_backward.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'values', 'values': [1099511627776]}},
                    1,
                    -1,
                    True],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 1, dtype=torch.float32)
indices = torch.tensor([1099511627776], dtype=torch.int64)
out_ = torch.zeros(1, 1, dtype=torch.float32)
torch.ops.aten.embedding_dense_backward.out(grad_output, indices, 1, -1, True, out=out_)


EXPECTED = """dies with SIGSEGV
"""
