# opprop crash repro: aten::native_group_norm.out dies with SIGFPE (floating-point exception) in aten::native_group_norm.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.native_group_norm.out--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::native_group_norm.out dies with SIGFPE (floating-point exception) in aten::native_group_norm.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::native_group_norm.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::native_group_norm.out'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::native_group_norm.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::math_group_norm (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::native_group_norm.out',
             'called_op': 'aten::native_group_norm.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 40, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'C': 0,
                        'HxW': 3,
                        'N': -2,
                        'bias': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csr',
                                 'nnz': 5,
                                 'shape': [1, 5],
                                 'tensor': True},
                        'eps': 1.0,
                        'group': 0,
                        'input': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'sparse_csr',
                                  'nnz': 5,
                                  'shape': [1, 5],
                                  'tensor': True},
                        'out0': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csr',
                                 'nnz': 0,
                                 'shape': [0, 3],
                                 'tensor': True},
                        'out1': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csr',
                                 'nnz': 5,
                                 'shape': [1, 5],
                                 'tensor': True},
                        'out2': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_csr',
                                 'nnz': 5,
                                 'shape': [1, 5],
                                 'tensor': True},
                        'weight': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'sparse_csr',
                                   'nnz': 20,
                                   'shape': [2, 3, 4, 5],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::native_group_norm.out: input={'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 5], 'device': 'cpu', 'layout': 'sparse_csr', 'nnz': "
                                "5}, weight={'tensor': True, 'dtype': 'float32', 'shape': [2, 3, 4, 5], "
                                "'device': 'cpu', 'layout': 'sparse_csr', 'nnz': 20}, bias={'tensor': True, "
                                "'dtype': 'float32', 'shape': [1, 5], 'device': 'cpu', 'layout': "
                                "'sparse_csr', 'nnz': 5}, N=-2, C=0, HxW=3, group=0, eps=1.0, "
                                "out0={'tensor': True, 'dtype': 'float32', 'shape': [0, 3], 'device': 'cpu', "
                                "'layout': 'sparse_csr', 'nnz': 0}, out1={'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 5], 'device': 'cpu', 'layout': 'sparse_csr', 'nnz': "
                                "5}, out2={'tensor': True, 'dtype': 'float32', 'shape': [1, 5], 'device': "
                                "'cpu', 'layout': 'sparse_csr', 'nnz': 5})",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 39,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::native_group_norm.out',
                        'target': 'aten::native_group_norm.out',
                        'example': 40}},
 'repro': {'op': 'aten::native_group_norm.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [1, 5],
                                'fill': 'values',
                                'layout': 'sparse_csr',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2],
                                                      'fill': 'values',
                                                      'values': [0, 5]}},
                                          {'tensor': {'dtype': 'int64',
                                                      'shape': [5],
                                                      'fill': 'values',
                                                      'values': [0, 1, 2, 3, 4]}},
                                          {'tensor': {'dtype': 'float32', 'shape': [5], 'fill': 'zeros'}}]}},
                    None,
                    None,
                    -2,
                    0,
                    0,
                    0,
                    0.0],
           'kwargs': {'out0': {'tensor': {'dtype': 'float32',
                                          'shape': [0, 3],
                                          'fill': 'values',
                                          'layout': 'sparse_csr',
                                          'parts': [{'tensor': {'dtype': 'int64',
                                                                'shape': [1],
                                                                'fill': 'values',
                                                                'values': [0]}},
                                                    {'tensor': {'dtype': 'int64',
                                                                'shape': [0],
                                                                'fill': 'values',
                                                                'values': []}},
                                                    {'tensor': {'dtype': 'float32',
                                                                'shape': [0],
                                                                'fill': 'zeros'}}]}},
                      'out1': {'tensor': {'dtype': 'float32',
                                          'shape': [1, 5],
                                          'fill': 'values',
                                          'layout': 'sparse_csr',
                                          'parts': [{'tensor': {'dtype': 'int64',
                                                                'shape': [2],
                                                                'fill': 'values',
                                                                'values': [0, 5]}},
                                                    {'tensor': {'dtype': 'int64',
                                                                'shape': [5],
                                                                'fill': 'values',
                                                                'values': [0, 1, 2, 3, 4]}},
                                                    {'tensor': {'dtype': 'float32',
                                                                'shape': [5],
                                                                'fill': 'zeros'}}]}},
                      'out2': {'tensor': {'dtype': 'float32',
                                          'shape': [1, 5],
                                          'fill': 'values',
                                          'layout': 'sparse_csr',
                                          'parts': [{'tensor': {'dtype': 'int64',
                                                                'shape': [2],
                                                                'fill': 'values',
                                                                'values': [0, 5]}},
                                                    {'tensor': {'dtype': 'int64',
                                                                'shape': [5],
                                                                'fill': 'values',
                                                                'values': [0, 1, 2, 3, 4]}},
                                                    {'tensor': {'dtype': 'float32',
                                                                'shape': [5],
                                                                'fill': 'zeros'}}]}}}}}

# ---- the repro ----
import torch

input = torch.sparse_compressed_tensor(torch.tensor([0, 5], dtype=torch.int64), torch.tensor([0, 1, 2, 3, 4], dtype=torch.int64), torch.zeros(5, dtype=torch.float32), (1, 5), layout=torch.sparse_csr)
out0 = torch.sparse_compressed_tensor(torch.tensor([0], dtype=torch.int64), torch.tensor([], dtype=torch.int64), torch.zeros(0, dtype=torch.float32), (0, 3), layout=torch.sparse_csr)
out1 = torch.sparse_compressed_tensor(torch.tensor([0, 5], dtype=torch.int64), torch.tensor([0, 1, 2, 3, 4], dtype=torch.int64), torch.zeros(5, dtype=torch.float32), (1, 5), layout=torch.sparse_csr)
out2 = torch.sparse_compressed_tensor(torch.tensor([0, 5], dtype=torch.int64), torch.tensor([0, 1, 2, 3, 4], dtype=torch.int64), torch.zeros(5, dtype=torch.float32), (1, 5), layout=torch.sparse_csr)
torch.ops.aten.native_group_norm.out(input, None, None, -2, 0, 0, 0, 0.0, out0=out0, out1=out1, out2=out2)


EXPECTED = """dies with SIGFPE
"""
