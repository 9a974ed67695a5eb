# opprop crash repro: aten::adaptive_max_pool3d_backward dies with SIGSEGV (segmentation fault) in aten::adaptive_max_pool3d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.adaptive_max_pool3d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::adaptive_max_pool3d_backward dies with SIGSEGV (segmentation fault) in aten::adaptive_max_pool3d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::adaptive_max_pool3d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::adaptive_max_pool3d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::adaptive_max_pool3d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '_ZN2at8internal15invoke_parallelIZNS_12parallel_forIZNS_6native12_GLOBAL__N_145adaptive_max_pool3d_backward_single_out_frameIfEEvPT_PKS6_PKllllllllEUlllE_EEvlllRS8_EUlllE_EEvlllSD_._omp_fn.0 '
          '(libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::adaptive_max_pool3d_backward',
             'called_op': 'aten::adaptive_max_pool3d_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 77, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [4, 1, 1, 1],
                                        'storage_offset': 1,
                                        'stride': [2, 2, 2, 2],
                                        'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [4, 1, 1, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1, 1, 1],
                                    'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [4, 4, 0, 5],
                                 'storage_offset': 1,
                                 'stride': [120, 30, 10, 2],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::adaptive_max_pool3d_backward: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [4, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [2, 2, 2, 2], 'storage_offset': 1}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [4, 4, 0, 5], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [120, 30, 10, 2], 'storage_offset': 1}, {'tensor': True, 'dtype': "
                                "'int64', 'shape': [4, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 0})",
                        'choices': '41004102410141014100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::adaptive_max_pool3d_backward',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [6, 1],
                                                        'torch.bool': [9, 0],
                                                        'torch.complex64': [2, 0],
                                                        'torch.float16': [2, 1],
                                                        'torch.float32': [18, 13],
                                                        'torch.float64': [1, 1],
                                                        'torch.int32': [3, 0],
                                                        'torch.int8': [1, 0],
                                                        'torch.uint8': [1, 0]},
                                              'grad_output.kind': {'dense': [26, 11],
                                                                   'has_live_view': [8, 3],
                                                                   'is_view': [3, 0],
                                                                   'nested_jagged': [1, 0],
                                                                   'sparse_bsr': [2, 0],
                                                                   'transposed': [3, 2]},
                                              'grad_output.mode': {'expanded': [1, 0],
                                                                   'extreme': [2, 1],
                                                                   'plain': [30, 15],
                                                                   'zero_dim': [3, 0],
                                                                   'zero_size': [4, 0]},
                                              'indices.bound': {'past': [4, 0], 'within': [13, 5]},
                                              'indices.style': {'1d': [10, 0], 'same': [33, 16]},
                                              'ndim': {'4': [8, 0], '5': [9, 5]},
                                              'self.kind': {'dense': [11, 4],
                                                            'quantized_per_channel': [1, 0],
                                                            'quantized_per_tensor': [1, 0],
                                                            'sparse_coo_uncoalesced': [1, 0],
                                                            'sparse_csr': [1, 0]},
                                              'self.mode': {'plain': [7, 4], 'zero_size': [4, 0]},
                                              'self.qdtype': {'torch.qint8': [1, 0], 'torch.quint8': [1, 0]},
                                              'self.relation': {'own': [14, 4], 'view': [3, 1]},
                                              'self.zero_point': {'None': [2, 0]},
                                              'square': {'False': [3, 0], 'True': [14, 5]},
                                              'tensors.mode': {'plain': [3, 0], 'zero_size': [4, 0]}},
                                  'total': [17, 5],
                                  'valid_rate': 0.29411764705882354},
                        'target': 'aten::adaptive_max_pool3d_backward',
                        'example': 77}},
 'repro': {'op': 'aten::adaptive_max_pool3d_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 0, 0, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [0, 1, 1, 1], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(0, 1, 1, 1, dtype=torch.float32)
self = torch.zeros(1, 0, 0, 0, dtype=torch.float32)
indices = torch.zeros(0, 1, 1, 1, dtype=torch.int64)
torch.ops.aten.adaptive_max_pool3d_backward.default(grad_output, self, indices)


EXPECTED = """dies with SIGSEGV
"""
