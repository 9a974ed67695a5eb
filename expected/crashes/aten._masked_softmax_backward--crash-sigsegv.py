# opprop crash repro: aten::_masked_softmax_backward dies with SIGSEGV (segmentation fault) in aten::_masked_softmax_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._masked_softmax_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_masked_softmax_backward dies with SIGSEGV (segmentation fault) in aten::_masked_softmax_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_masked_softmax_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_masked_softmax_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_masked_softmax_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_masked_softmax_backward',
             'called_op': 'aten::_masked_softmax_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 3, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': None,
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [2, 2],
                                        'storage_offset': 0,
                                        'stride': [1, 2],
                                        'tensor': True},
                        'mask': {'device': 'cpu',
                                 'dtype': 'bool',
                                 'layout': 'strided',
                                 'shape': [2, 2],
                                 'storage_offset': 0,
                                 'stride': [2, 1],
                                 'tensor': True},
                        'output': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [0, 2],
                                   'storage_offset': 0,
                                   'stride': [2, 1],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::_masked_softmax_backward: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 2], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [0, 2], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [2, 1], 'storage_offset': "
                                "0}, {'tensor': True, 'dtype': 'bool', 'shape': [2, 2], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [2, 1], 'storage_offset': 0}, None)",
                        'choices': '417b01410001410000410141004107410041024100410341014102',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_masked_softmax_backward',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [15, 14],
                                                        'torch.bool': [6, 0],
                                                        'torch.complex64': [5, 0],
                                                        'torch.float16': [8, 8],
                                                        'torch.float32': [55, 46],
                                                        'torch.float64': [3, 0],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [1, 0],
                                                        'torch.int8': [2, 0]},
                                              'grad_output.kind': {'dense': [71, 50],
                                                                   'has_live_view': [5, 5],
                                                                   'is_view': [17, 13],
                                                                   'transposed': [3, 0]},
                                              'grad_output.mode': {'offset': [2, 2],
                                                                   'plain': [79, 62],
                                                                   'transposed': [3, 2],
                                                                   'visible': [3, 0],
                                                                   'zero_dim': [5, 0],
                                                                   'zero_size': [4, 2]},
                                              'mask.mode': {'expanded': [1, 0],
                                                            'offset': [3, 3],
                                                            'plain': [68, 58],
                                                            'transposed': [4, 4],
                                                            'visible': [1, 1],
                                                            'zero_dim': [4, 0],
                                                            'zero_size': [2, 2]},
                                              'mask.relation': {'own': [83, 68],
                                                                'partial': [4, 0],
                                                                'same': [4, 0],
                                                                'view': [5, 0]},
                                              'ndim': {'0': [10, 8],
                                                       '1': [14, 9],
                                                       '2': [57, 41],
                                                       '3': [3, 0],
                                                       '4': [12, 10]},
                                              'output.kind': {'dense': [67, 54],
                                                              'has_live_view': [6, 3],
                                                              'is_view': [7, 5],
                                                              'transposed': [3, 0]},
                                              'output.mode': {'expanded': [1, 0],
                                                              'offset': [3, 2],
                                                              'plain': [62, 48],
                                                              'transposed': [7, 7],
                                                              'visible': [3, 3],
                                                              'zero_dim': [4, 0],
                                                              'zero_size': [3, 2]},
                                              'square': {'False': [3, 0], 'True': [93, 68]},
                                              'tensors.mode': {'plain': [14, 10],
                                                               'transposed': [2, 2],
                                                               'zero_dim': [4, 0],
                                                               'zero_size': [2, 2]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::_masked_softmax_backward',
                        'example': 3}},
 'repro': {'op': 'aten::_masked_softmax_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'bool', 'shape': [1, 1], 'fill': 'zeros'}},
                    None],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 1, dtype=torch.float32)
output = torch.zeros(0, 1, dtype=torch.float32)
mask = torch.zeros(1, 1, dtype=torch.bool)
torch.ops.aten._masked_softmax_backward.default(grad_output, output, mask, None)


EXPECTED = """dies with SIGSEGV
"""
