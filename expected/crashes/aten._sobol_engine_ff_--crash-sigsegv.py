# opprop crash repro: aten::_sobol_engine_ff_ dies with SIGSEGV (segmentation fault) in aten::_sobol_engine_ff_ on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._sobol_engine_ff_--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_sobol_engine_ff_ dies with SIGSEGV (segmentation fault) in aten::_sobol_engine_ff_ on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_sobol_engine_ff_',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_sobol_engine_ff_'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_sobol_engine_ff_',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::_sobol_engine_ff_ (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_sobol_engine_ff_',
             'called_op': 'aten::_sobol_engine_ff_',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 145, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dimension': 2,
                        'n': 2,
                        'num_generated': 0,
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [0, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1],
                                 'tensor': True},
                        'sobolstate': {'device': 'cpu',
                                       'dtype': 'int64',
                                       'layout': 'strided',
                                       'shape': [0, 1, 1],
                                       'storage_offset': 0,
                                       'stride': [1, 1, 1],
                                       'tensor': True}},
             'replay': {'call': "Call(aten::_sobol_engine_ff_: {'tensor': True, 'dtype': 'int64', 'shape': "
                                "[0, 1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, 1], "
                                "'storage_offset': 0}, 2, {'tensor': True, 'dtype': 'int64', 'shape': [0, 1, "
                                "1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, 1], "
                                "'storage_offset': 0}, 2, 0)",
                        'choices': '4102410041054100410041004100410041004100410041014102410241004100410c410241004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_sobol_engine_ff_',
                        'steer': {'choices': {'dimension.value': {'drawn': [59, 3], 'negative': [1, 0]},
                                              'dtype': {'torch.bfloat16': [1, 0],
                                                        'torch.bool': [1, 0],
                                                        'torch.complex64': [1, 0],
                                                        'torch.float32': [34, 0],
                                                        'torch.float64': [10, 0],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [3, 3],
                                                        'torch.int8': [9, 0]},
                                              'n.value': {'drawn': [53, 3], 'negative': [7, 0]},
                                              'ndim': {'0': [2, 0],
                                                       '1': [9, 0],
                                                       '2': [35, 1],
                                                       '3': [12, 2],
                                                       '4': [2, 0]},
                                              'num_generated.value': {'drawn': [56, 3], 'negative': [4, 0]},
                                              'self.kind': {'dense': [47, 3],
                                                            'has_live_view': [4, 0],
                                                            'is_view': [3, 0],
                                                            'quantized_per_tensor': [2, 0],
                                                            'sparse_bsc': [1, 0],
                                                            'sparse_bsr': [1, 0],
                                                            'sparse_coo': [1, 0],
                                                            'transposed': [1, 0]},
                                              'self.mode': {'extreme': [1, 0],
                                                            'plain': [43, 3],
                                                            'zero_size': [11, 0]},
                                              'self.qdtype': {'torch.quint8': [2, 0]},
                                              'self.zero_point': {'0': [1, 0], 'None': [1, 0]},
                                              'sobolstate.kind': {'conj': [1, 0],
                                                                  'dense': [37, 3],
                                                                  'has_live_view': [2, 0],
                                                                  'is_view': [3, 0],
                                                                  'quantized_per_tensor': [1, 0],
                                                                  'sparse_bsc': [1, 0],
                                                                  'sparse_bsr': [1, 0],
                                                                  'sparse_coo_uncoalesced': [2, 0],
                                                                  'transposed': [1, 0]},
                                              'sobolstate.mode': {'plain': [30, 2],
                                                                  'sliced': [1, 1],
                                                                  'zero_dim': [1, 0],
                                                                  'zero_size': [11, 0]},
                                              'sobolstate.qdtype': {'torch.quint8': [1, 0]},
                                              'sobolstate.relation': {'own': [47, 3], 'partial': [13, 0]},
                                              'sobolstate.zero_point': {'None': [1, 0]},
                                              'square': {'False': [20, 2], 'True': [40, 1]},
                                              'tensors.mode': {'plain': [7, 0], 'zero_size': [11, 0]}},
                                  'total': [60, 3],
                                  'valid_rate': 0.05},
                        'target': 'aten::_sobol_engine_ff_',
                        'example': 145}},
 'repro': {'op': 'aten::_sobol_engine_ff_',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [0], 'fill': 'zeros'}},
                    1,
                    {'tensor': {'dtype': 'int64', 'shape': [0, 0], 'fill': 'zeros'}},
                    1,
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros(0, dtype=torch.int64)
sobolstate = torch.zeros(0, 0, dtype=torch.int64)
torch.ops.aten._sobol_engine_ff_.default(self, 1, sobolstate, 1, 0)


EXPECTED = """dies with SIGSEGV
"""
