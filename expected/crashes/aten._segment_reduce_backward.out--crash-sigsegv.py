# opprop crash repro: aten::_segment_reduce_backward.out dies with SIGSEGV (segmentation fault) in aten::_segment_reduce_backward.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._segment_reduce_backward.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_segment_reduce_backward.out dies with SIGSEGV (segmentation fault) in aten::_segment_reduce_backward.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_segment_reduce_backward.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_segment_reduce_backward.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_segment_reduce_backward.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_segment_reduce_backward.out',
             'called_op': 'aten::_segment_reduce_backward.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 38, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'axis': 0,
                        'data': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'grad': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [0, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'initial': None,
                        'lengths': None,
                        'offsets': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [2],
                                    'storage_offset': 0,
                                    'stride': [1],
                                    'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'float64',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'output': {'device': 'cpu',
                                   'dtype': 'float64',
                                   'layout': 'strided',
                                   'shape': [1, 1],
                                   'storage_offset': 0,
                                   'stride': [1, 1],
                                   'tensor': True},
                        'reduce': 'mean'},
             'replay': {'call': "Call(aten::_segment_reduce_backward.out: {'tensor': True, 'dtype': "
                                "'float64', 'shape': [0, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float64', 'shape': "
                                "[1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float64', 'shape': [1, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                "0}, 'mean', lengths=None, offsets={'tensor': True, 'dtype': 'int64', "
                                "'shape': [2], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0}, axis=0, initial=None, out={'tensor': True, 'dtype': "
                                "'float64', 'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1], 'storage_offset': 0})",
                        'choices': '416401410301410000410241004105410041014105410441034105410141024101410141004107',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_segment_reduce_backward.out',
                        'steer': {'choices': {'axis.default': {'False': [9, 0], 'True': [11, 2]},
                                              'data.kind': {'dense': [15, 2],
                                                            'has_live_view': [1, 0],
                                                            'is_view': [2, 0],
                                                            'transposed': [2, 0]},
                                              'data.mode': {'plain': [20, 2]},
                                              'data.relation': {'own': [20, 2]},
                                              'dtype': {'torch.complex64': [1, 0],
                                                        'torch.float32': [12, 1],
                                                        'torch.float64': [3, 1],
                                                        'torch.int64': [1, 0],
                                                        'torch.int8': [1, 0],
                                                        'torch.uint8': [2, 0]},
                                              'grad.kind': {'dense': [14, 1],
                                                            'has_live_view': [2, 0],
                                                            'is_view': [4, 1]},
                                              'grad.mode': {'plain': [20, 2]},
                                              'initial.default': {'False': [4, 0], 'True': [16, 2]},
                                              'initial.none': {'True': [4, 0]},
                                              'lengths.default': {'False': [1, 1], 'True': [19, 1]},
                                              'lengths.ends': {'past': [1, 1]},
                                              'ndim': {'0': [1, 0],
                                                       '1': [2, 1],
                                                       '2': [14, 1],
                                                       '3': [2, 0],
                                                       '4': [1, 0]},
                                              'offsets.default': {'False': [2, 1], 'True': [18, 1]},
                                              'offsets.ends': {'drawn': [2, 1]},
                                              'out.dtype': {'floating': [2, 0],
                                                            'same': [15, 2],
                                                            'torch.bool': [2, 0],
                                                            'torch.int64': [1, 0]},
                                              'out.relation': {'fresh': [20, 2]},
                                              'output.kind': {'dense': [15, 1], 'has_live_view': [1, 1]},
                                              'output.mode': {'expanded': [1, 1], 'plain': [15, 1]},
                                              'output.relation': {'own': [16, 2], 'same': [4, 0]},
                                              'reduce.enum': {'amax': [5, 1],
                                                              'amin': [1, 0],
                                                              'mean': [1, 0],
                                                              'prod': [1, 0],
                                                              'sum': [12, 1]},
                                              'square': {'False': [5, 0], 'True': [15, 2]},
                                              'tensors.mode': {'plain': [2, 0]}},
                                  'total': [20, 2],
                                  'valid_rate': 0.1},
                        'target': 'aten::_segment_reduce_backward.out',
                        'example': 38}},
 'repro': {'op': 'aten::_segment_reduce_backward.out',
           'args': [{'tensor': {'dtype': 'float64', 'shape': [0, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float64', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float64', 'shape': [1, 1], 'fill': 'zeros'}},
                    'mean'],
           'kwargs': {'offsets': {'tensor': {'dtype': 'int64',
                                             'shape': [2],
                                             'fill': 'values',
                                             'values': [0, 1]}},
                      'axis': 0,
                      'out': {'tensor': {'dtype': 'float64', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad = torch.zeros(0, 1, dtype=torch.float64)
output = torch.zeros(1, 1, dtype=torch.float64)
data = torch.zeros(1, 1, dtype=torch.float64)
offsets = torch.tensor([0, 1], dtype=torch.int64)
out_ = torch.zeros(0, dtype=torch.float64)
torch.ops.aten._segment_reduce_backward.out(grad, output, data, 'mean', offsets=offsets, axis=0, out=out_)


EXPECTED = """dies with SIGSEGV
"""
