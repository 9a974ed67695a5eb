# opprop crash repro: aten::_sobol_engine_draw dies with SIGSEGV (segmentation fault) in aten::_sobol_engine_draw on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._sobol_engine_draw--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_sobol_engine_draw dies with SIGSEGV (segmentation fault) in aten::_sobol_engine_draw on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_sobol_engine_draw',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_sobol_engine_draw'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_sobol_engine_draw',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_sobol_engine_draw',
             'called_op': 'aten::_sobol_engine_draw',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 4, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dimension': 1,
                        'dtype': None,
                        'n': 2,
                        'num_generated': 1,
                        'quasi': {'device': 'cpu',
                                  'dtype': 'int64',
                                  'layout': 'strided',
                                  'shape': [0, 1],
                                  'storage_offset': 0,
                                  'stride': [1, 1],
                                  'tensor': True},
                        'sobolstate': {'device': 'cpu',
                                       'dtype': 'int64',
                                       'layout': 'strided',
                                       'shape': [0, 1],
                                       'storage_offset': 0,
                                       'stride': [1, 1],
                                       'tensor': True}},
             'replay': {'call': "Call(aten::_sobol_engine_draw: {'tensor': True, 'dtype': 'int64', 'shape': "
                                "[0, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, 2, {'tensor': True, 'dtype': 'int64', 'shape': [0, "
                                "1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, 1, 1, None)",
                        'choices': '4127004104410141014100410341024100410141014101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_sobol_engine_draw',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [2, 0],
                                                        'torch.bool': [9, 0],
                                                        'torch.complex64': [1, 0],
                                                        'torch.float32': [19, 0],
                                                        'torch.float64': [2, 0],
                                                        'torch.int32': [8, 0],
                                                        'torch.int64': [2, 2]},
                                              'dtype.default': {'False': [11, 0], 'True': [32, 2]},
                                              'ndim': {'0': [2, 0],
                                                       '1': [2, 0],
                                                       '2': [31, 2],
                                                       '3': [5, 0],
                                                       '4': [3, 0]},
                                              'quasi.kind': {'dense': [28, 2],
                                                             'has_live_view': [6, 0],
                                                             'is_view': [9, 0]},
                                              'quasi.mode': {'extreme': [2, 0],
                                                             'offset': [1, 0],
                                                             'plain': [33, 0],
                                                             'transposed': [2, 0],
                                                             'visible': [1, 0],
                                                             'zero_dim': [1, 0],
                                                             'zero_size': [3, 2]},
                                              'sobolstate.kind': {'dense': [29, 2],
                                                                  'has_live_view': [4, 0],
                                                                  'is_view': [1, 0],
                                                                  'transposed': [2, 0]},
                                              'sobolstate.mode': {'offset': [2, 0],
                                                                  'plain': [26, 0],
                                                                  'sliced': [2, 0],
                                                                  'transposed': [1, 0],
                                                                  'visible': [2, 0],
                                                                  'zero_dim': [1, 0],
                                                                  'zero_size': [2, 2]},
                                              'sobolstate.relation': {'own': [36, 2],
                                                                      'partial': [4, 0],
                                                                      'view': [3, 0]},
                                              'square': {'False': [8, 0], 'True': [35, 2]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::_sobol_engine_draw',
                        'example': 4}},
 'repro': {'op': 'aten::_sobol_engine_draw',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [0, 1], 'fill': 'zeros'}},
                    2,
                    {'tensor': {'dtype': 'int64', 'shape': [0, 1], 'fill': 'zeros'}},
                    1,
                    1,
                    None],
           'kwargs': {}}}

# ---- the repro ----
import torch

quasi = torch.zeros(0, 1, dtype=torch.int64)
sobolstate = torch.zeros(0, 1, dtype=torch.int64)
torch.ops.aten._sobol_engine_draw.default(quasi, 2, sobolstate, 1, 1, None)


EXPECTED = """dies with SIGSEGV
"""
