# opprop crash repro: aten::slow_conv_transpose3d dies with SIGABRT (abort) in aten::slow_conv_transpose3d on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.slow_conv_transpose3d--crash-sigabrt.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::slow_conv_transpose3d dies with SIGABRT (abort) in aten::slow_conv_transpose3d on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::slow_conv_transpose3d',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGABRT', 'op': 'aten::slow_conv_transpose3d'},
 'outcome_text': 'dies with SIGABRT (abort) in aten::slow_conv_transpose3d',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::slow_conv_transpose3d',
             'called_op': 'aten::slow_conv_transpose3d',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 11, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'bias': None,
                        'dilation': [1, 1, 1],
                        'kernel_size': [1, 1, 1],
                        'output_padding': [0, 0, 0],
                        'padding': [0, 0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [4, 4, 4, 2, 3],
                                 'storage_offset': 0,
                                 'stride': [96, 24, 6, 3, 1],
                                 'tensor': True},
                        'stride': [1, 1, 1],
                        'weight': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [4, 4, 4, 2, 3],
                                   'storage_offset': 0,
                                   'stride': [96, 24, 6, 3, 1],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::slow_conv_transpose3d: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [4, 4, 4, 2, 3], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[96, 24, 6, 3, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [4, 4, 4, 2, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [96, 24, 6, 3, 1], 'storage_offset': 0}, [1, 1, 1], None, [1, 1, "
                                '1], [0, 0, 0], [0, 0, 0], [1, 1, 1])',
                        'choices': '41190141020041014101410141044104410441024103411041034101410741014100410141004101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::slow_conv_transpose3d',
                        'steer': {'choices': {'bias.default': {'False': [7, 0], 'True': [13, 2]},
                                              'dilation.default': {'False': [5, 0], 'True': [15, 2]},
                                              'ndim': {'4': [6, 0], '5': [14, 2]},
                                              'padding.default': {'False': [12, 0], 'True': [8, 2]},
                                              'self.kind': {'dense': [13, 2],
                                                            'has_live_view': [3, 0],
                                                            'is_view': [2, 0],
                                                            'transposed': [2, 0]},
                                              'self.mode': {'expanded': [2, 0],
                                                            'offset': [1, 0],
                                                            'plain': [12, 2],
                                                            'visible': [3, 0],
                                                            'zero_size': [2, 0]},
                                              'square': {'False': [3, 1], 'True': [17, 1]},
                                              'stride.default': {'False': [5, 0], 'True': [15, 2]},
                                              'weight.mode': {'expanded': [2, 1],
                                                              'offset': [1, 0],
                                                              'plain': [10, 1],
                                                              'visible': [3, 0],
                                                              'zero_size': [2, 0]},
                                              'weight.shape': {'channels': [7, 0],
                                                               'conv': [9, 2],
                                                               'same': [2, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::slow_conv_transpose3d',
                        'example': 11}},
 'repro': {'op': 'aten::slow_conv_transpose3d',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [2, 2, 4, 4, 4], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [2, 2, 4, 4, 4], 'fill': 'zeros'}},
                    [1, 1, 1],
                    None,
                    [1, 1, 1],
                    [0, 0, 0],
                    [0, 0, 0],
                    [1, 1, 1]],
           'kwargs': {}},
 'repeat': 10}

# ---- the repro ----
import torch

self = torch.zeros(2, 2, 4, 4, 4, dtype=torch.float32)
weight = torch.zeros(2, 2, 4, 4, 4, dtype=torch.float32)
torch.set_num_threads(1)  # with more threads the damage deadlocks an OpenMP worker instead of aborting
for _ in range(10):  # a later call meets the heap damage an earlier one left
    torch.ops.aten.slow_conv_transpose3d.default(self, weight, [1, 1, 1], None, [1, 1, 1], [0, 0, 0], [0, 0, 0], [1, 1, 1])


EXPECTED = """dies with SIGABRT
"""
