# opprop crash repro: aten::slow_conv_transpose3d.out dies with SIGSEGV (segmentation fault) in aten::slow_conv_transpose3d.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.slow_conv_transpose3d.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::slow_conv_transpose3d.out dies with SIGSEGV (segmentation fault) in aten::slow_conv_transpose3d.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::slow_conv_transpose3d.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::slow_conv_transpose3d.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::slow_conv_transpose3d.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::slow_conv_transpose3d.out',
             'called_op': 'aten::slow_conv_transpose3d.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 11, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'bias': None,
                        'dilation': [1, 1, 1],
                        'kernel_size': [1, 1, 1],
                        'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'output_padding': [0, 0, 0],
                        'padding': [0, 0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [2, 2, 2, 2, 2],
                                 'storage_offset': 0,
                                 'stride': [1, 2, 4, 8, 16],
                                 'tensor': True},
                        'stride': [1, 1, 1],
                        'weight': {'device': 'cpu',
                                   'dtype': 'int64',
                                   'layout': 'strided',
                                   'shape': [2, 2, 2, 2, 2],
                                   'storage_offset': 0,
                                   'stride': [16, 8, 4, 2, 1],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::slow_conv_transpose3d.out: {'tensor': True, 'dtype': 'int64', "
                                "'shape': [2, 2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 2, 4, 8, 16], 'storage_offset': 0}, {'tensor': True, 'dtype': 'int64', "
                                "'shape': [2, 2, 2, 2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[16, 8, 4, 2, 1], 'storage_offset': 0}, [1, 1, 1], None, [1, 1, 1], [0, 0, "
                                "0], [0, 0, 0], [1, 1, 1], out={'tensor': True, 'dtype': 'int64', 'shape': "
                                "[0], 'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': "
                                '0})',
                        'choices': '414d004100410041024101410341014100410041034102410141014105',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::slow_conv_transpose3d.out',
                        'steer': {'choices': {'dtype': {'torch.float32': [17, 11],
                                                        'torch.float64': [4, 0],
                                                        'torch.int64': [1, 1]},
                                              'ndim': {'4': [6, 0], '5': [16, 12]},
                                              'out.dtype': {'floating': [5, 1],
                                                            'same': [10, 8],
                                                            'torch.bool': [3, 0],
                                                            'torch.int64': [1, 0]},
                                              'weight.shape': {'channels': [6, 0],
                                                               'conv': [14, 11],
                                                               'same': [1, 1]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::slow_conv_transpose3d.out',
                        'example': 11}},
 'repro': {'op': 'aten::slow_conv_transpose3d.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [4, 4, 8, 8, 8], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [4, 4, 8, 8, 8], 'fill': 'zeros'}},
                    [1, 1, 1],
                    None,
                    [1, 1, 1],
                    [0, 0, 0],
                    [0, 0, 0],
                    [1, 1, 1]],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}},
 'repeat': 10}

# ---- the repro ----
import torch

self = torch.zeros(4, 4, 8, 8, 8, dtype=torch.float32)
weight = torch.zeros(4, 4, 8, 8, 8, dtype=torch.float32)
out_ = torch.zeros(0, dtype=torch.float32)
for _ in range(10):  # a later call meets the heap damage an earlier one left
    torch.ops.aten.slow_conv_transpose3d.out(self, weight, [1, 1, 1], None, [1, 1, 1], [0, 0, 0], [0, 0, 0], [1, 1, 1], out=out_)


EXPECTED = """dies with SIGSEGV
"""
