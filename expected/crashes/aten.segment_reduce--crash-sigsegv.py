# opprop crash repro: aten::segment_reduce dies with SIGSEGV (segmentation fault) in aten::segment_reduce on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.segment_reduce--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::segment_reduce dies with SIGSEGV (segmentation fault) in aten::segment_reduce on torch 2.13.0+cpu.

Public entry point: `torch.segment_reduce(data, 'sum', offsets=offsets)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::segment_reduce',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::segment_reduce'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::segment_reduce',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': "`torch.segment_reduce(data, 'sum', offsets=offsets)`",
 'frame': 'at::native::{anonymous}::_segment_reduce_offsets_cpu_kernel (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::segment_reduce',
             'called_op': 'aten::segment_reduce',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 67, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'axis': 0,
                        'data': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'indices': None,
                        'initial': None,
                        'lengths': None,
                        'offsets': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [2],
                                    'storage_offset': 0,
                                    'stride': [1],
                                    'tensor': True},
                        'reduce': 'sum',
                        'unsafe': False},
             'replay': {'call': "Call(aten::segment_reduce: {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[0, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, 'sum', lengths=None, indices=None, offsets={'tensor': "
                                "True, 'dtype': 'int64', 'shape': [2], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 0}, axis=0, unsafe=False, initial=None)",
                        'choices': '41024100004100410041014100410041004100410041004100410041004100410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::segment_reduce',
                        'steer': {'choices': {'axis.default': {'False': [1, 0], 'True': [5, 1]},
                                              'axis.value': {'negative': [1, 0]},
                                              'data.kind': {'dense': [4, 1],
                                                            'has_live_view': [1, 0],
                                                            'is_view': [1, 0]},
                                              'data.mode': {'extreme': [2, 1], 'plain': [4, 0]},
                                              'dtype': {'torch.float32': [5, 1], 'torch.int64': [1, 0]},
                                              'indices.bound': {'within': [1, 0]},
                                              'indices.default': {'False': [1, 0], 'True': [5, 1]},
                                              'indices.style': {'1d': [1, 0]},
                                              'initial.default': {'False': [2, 1], 'True': [4, 0]},
                                              'initial.none': {'False': [2, 1]},
                                              'initial.value': {'drawn': [1, 0], 'extreme': [1, 1]},
                                              'lengths.default': {'False': [2, 0], 'True': [4, 1]},
                                              'lengths.ends': {'at': [2, 0]},
                                              'ndim': {'0': [1, 0], '2': [4, 1], '3': [1, 0]},
                                              'offsets.default': {'False': [2, 1], 'True': [4, 0]},
                                              'offsets.ends': {'drawn': [2, 1]},
                                              'reduce.enum': {'amax': [1, 0], 'sum': [5, 1]},
                                              'square': {'False': [1, 0], 'True': [5, 1]},
                                              'tensors.mode': {'extreme': [1, 1]},
                                              'unsafe.default': {'False': [1, 0], 'True': [5, 1]}},
                                  'total': [6, 1],
                                  'valid_rate': 0.16666666666666666},
                        'target': 'aten::segment_reduce',
                        'example': 67}},
 'repro': {'op': 'aten::segment_reduce',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}, 'sum'],
           'kwargs': {'offsets': {'tensor': {'dtype': 'int64', 'shape': [2], 'fill': 'arange'}}}}}

# ---- the repro ----
import torch

data = torch.zeros(0, dtype=torch.float32)
offsets = torch.arange(2, dtype=torch.int64)
torch.ops.aten.segment_reduce.default(data, 'sum', offsets=offsets)


EXPECTED = """dies with SIGSEGV
"""
