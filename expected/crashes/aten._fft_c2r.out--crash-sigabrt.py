# opprop crash repro: aten::_fft_c2r.out dies with SIGABRT (abort) in aten::_fft_c2r.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._fft_c2r.out--crash-sigabrt.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_fft_c2r.out dies with SIGABRT (abort) in aten::_fft_c2r.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_fft_c2r.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGABRT', 'op': 'aten::_fft_c2r.out'},
 'outcome_text': 'dies with SIGABRT (abort) in aten::_fft_c2r.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_fft_c2r.out',
             'called_op': 'aten::_fft_c2r.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 11, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'dim': [1],
                        'last_dim_size': 2,
                        'normalization': 1,
                        'out': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'shape': [3, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::_fft_c2r.out: {'tensor': True, 'dtype': 'complex64', 'shape': "
                                "[3, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [3, 1], "
                                "'storage_offset': 0}, [1], 1, 2, out={'tensor': True, 'dtype': 'complex64', "
                                "'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0})",
                        'choices': '416400410041004103410041014101410141024101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_fft_c2r.out',
                        'steer': {'choices': {'dim.dims': {'all': [16, 0], 'first': [85, 0], 'last': [19, 1]},
                                              'dim.value': {'drawn': [87, 1],
                                                            'empty': [17, 0],
                                                            'own': [19, 0],
                                                            'single': [7, 0]},
                                              'dtype': {'torch.bfloat16': [4, 0],
                                                        'torch.bool': [9, 0],
                                                        'torch.complex64': [5, 1],
                                                        'torch.float32': [70, 0],
                                                        'torch.float64': [19, 0],
                                                        'torch.int32': [2, 0],
                                                        'torch.int64': [15, 0],
                                                        'torch.int8': [4, 0],
                                                        'torch.uint8': [2, 0]},
                                              'ndim': {'0': [11, 0],
                                                       '1': [10, 0],
                                                       '2': [97, 1],
                                                       '3': [7, 0],
                                                       '4': [5, 0]},
                                              'out.dtype': {'floating': [18, 0],
                                                            'same': [74, 1],
                                                            'torch.bool': [4, 0],
                                                            'torch.int64': [10, 0]},
                                              'out.relation': {'fresh': [106, 1],
                                                               'same': [16, 0],
                                                               'view': [8, 0]},
                                              'self.kind': {'dense': [88, 1],
                                                            'has_live_view': [9, 0],
                                                            'is_view': [19, 0],
                                                            'transposed': [14, 0]},
                                              'self.mode': {'expanded': [3, 0],
                                                            'extreme': [1, 0],
                                                            'plain': [99, 1],
                                                            'sliced': [5, 0],
                                                            'transposed': [6, 0],
                                                            'visible': [3, 0],
                                                            'zero_dim': [12, 0],
                                                            'zero_size': [1, 0]},
                                              'square': {'False': [18, 0], 'True': [112, 1]},
                                              'tensors.mode': {'expanded': [3, 0],
                                                               'plain': [13, 1],
                                                               'sliced': [1, 0],
                                                               'transposed': [4, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::_fft_c2r.out',
                        'example': 11}},
 'repro': {'op': 'aten::_fft_c2r.out',
           'args': [{'tensor': {'dtype': 'complex64', 'shape': [3, 3], 'fill': 'zeros'}}, [1], 1, 2],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}},
 'repeat': 10}

# ---- the repro ----
import torch

self = torch.zeros(3, 3, dtype=torch.complex64)
out_ = torch.zeros(0, dtype=torch.float32)
for _ in range(10):  # a later call meets the heap damage an earlier one left
    torch.ops.aten._fft_c2r.out(self, [1], 1, 2, out=out_)


EXPECTED = """dies with SIGABRT
"""
