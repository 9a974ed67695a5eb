# opprop crash repro: aten::embedding_dense_backward dies with SIGSEGV (segmentation fault) in aten::embedding_dense_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.embedding_dense_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::embedding_dense_backward dies with SIGSEGV (segmentation fault) in aten::embedding_dense_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::embedding_dense_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::embedding_dense_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::embedding_dense_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::embedding_dense_backward',
             'called_op': 'aten::embedding_dense_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 5, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [5],
                                        'storage_offset': 1,
                                        'stride': [2],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [],
                                    'storage_offset': 1,
                                    'stride': [],
                                    'tensor': True},
                        'num_weights': 10,
                        'padding_idx': -1,
                        'scale_grad_by_freq': False},
             'replay': {'call': "Call(aten::embedding_dense_backward: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [5], 'device': 'cpu', 'layout': 'strided', 'stride': [2], "
                                "'storage_offset': 1}, {'tensor': True, 'dtype': 'int64', 'shape': [], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [], 'storage_offset': 1}, "
                                '10, -1, False)',
                        'choices': '410041014100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::embedding_dense_backward',
                        'steer': {'choices': {'grad_output.kind': {'dense': [6, 2],
                                                                   'has_live_view': [1, 0],
                                                                   'is_view': [1, 1],
                                                                   'nested_jagged': [3, 0],
                                                                   'transposed': [2, 0]},
                                              'indices.bound': {'past': [8, 3], 'within': [5, 0]},
                                              'square': {'False': [4, 3], 'True': [9, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::embedding_dense_backward',
                        'example': 5}},
 'repro': {'op': 'aten::embedding_dense_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'values', 'values': [1099511627776]}},
                    1,
                    -1,
                    True],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 1, dtype=torch.float32)
indices = torch.tensor([1099511627776], dtype=torch.int64)
torch.ops.aten.embedding_dense_backward.default(grad_output, indices, 1, -1, True)


EXPECTED = """dies with SIGSEGV
"""
