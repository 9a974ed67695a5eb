# opprop crash repro: aten::native_batch_norm_backward.out dies with SIGFPE (floating-point exception) in aten::native_batch_norm_backward.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.native_batch_norm_backward.out--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::native_batch_norm_backward.out dies with SIGFPE (floating-point exception) in aten::native_batch_norm_backward.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::native_batch_norm_backward.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::native_batch_norm_backward.out'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::native_batch_norm_backward.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::native_batch_norm_backward.out',
             'called_op': 'aten::native_batch_norm_backward.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 19, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'eps': 1e-05,
                        'grad_out': {'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'strided',
                                     'shape': [0, 3],
                                     'storage_offset': 0,
                                     'stride': [3, 1],
                                     'tensor': True},
                        'input': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [0, 3],
                                  'storage_offset': 0,
                                  'stride': [1, 1],
                                  'tensor': True},
                        'out0': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'out1': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'out2': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'output_mask': [True, True, True],
                        'running_mean': None,
                        'running_var': None,
                        'save_invstd': None,
                        'save_mean': None,
                        'train': True,
                        'weight': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [3],
                                   'storage_offset': 0,
                                   'stride': [1],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::native_batch_norm_backward.out: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [0, 3], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[3, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[0, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [3], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0}, "
                                "None, None, None, None, True, 1e-05, [True, True, True], out0={'tensor': "
                                "True, 'dtype': 'int64', 'shape': [0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 0}, out1={'tensor': True, 'dtype': "
                                "'float32', 'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1], 'storage_offset': 0}, out2={'tensor': True, 'dtype': 'float32', "
                                "'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0})",
                        'choices': '41024136004108410141004103410c410041034101410141044103410241014100410201410241074106',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::native_batch_norm_backward.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::native_batch_norm_backward.out',
                        'example': 19}},
 'repro': {'op': 'aten::native_batch_norm_backward.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0, 1], 'fill': 'zeros'}},
                    None,
                    None,
                    None,
                    None,
                    None,
                    True,
                    1e-05,
                    [True, True, True]],
           'kwargs': {'out0': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                      'out1': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                      'out2': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_out = torch.zeros(0, 1, dtype=torch.float32)
input = torch.zeros(0, 1, dtype=torch.float32)
out0 = torch.zeros(0, dtype=torch.float32)
out1 = torch.zeros(0, dtype=torch.float32)
out2 = torch.zeros(0, dtype=torch.float32)
torch.ops.aten.native_batch_norm_backward.out(grad_out, input, None, None, None, None, None, True, 1e-05, [True, True, True], out0=out0, out1=out1, out2=out2)


EXPECTED = """dies with SIGFPE
"""
