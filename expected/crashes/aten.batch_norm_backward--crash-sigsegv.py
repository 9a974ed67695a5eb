# opprop crash repro: aten::batch_norm_backward dies with SIGSEGV (segmentation fault) in aten::batch_norm_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.batch_norm_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::batch_norm_backward dies with SIGSEGV (segmentation fault) in aten::batch_norm_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::batch_norm_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::batch_norm_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::batch_norm_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'at::native::{anonymous}::batch_norm_cpu_backward_channels_last_impl (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::batch_norm_backward',
             'called_op': 'aten::batch_norm_backward',
             'detail': {'example': 7, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'eps': 1e-05,
                        'grad_out': {'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'strided',
                                     'shape': [1, 1],
                                     'storage_offset': 0,
                                     'stride': [1, 1],
                                     'tensor': True},
                        'input': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [1, 1],
                                  'storage_offset': 0,
                                  'stride': [1, 1],
                                  'tensor': True},
                        'output_mask': [True, True, True],
                        'reserve': {'device': 'cpu',
                                    'dtype': 'float32',
                                    'layout': 'strided',
                                    'shape': [1, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1],
                                    'tensor': True},
                        'running_mean': None,
                        'running_var': None,
                        'save_mean': None,
                        'save_var': None,
                        'update': False,
                        'weight': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [1],
                                   'storage_offset': 0,
                                   'stride': [1],
                                   'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::batch_norm_backward: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                "0}, {'tensor': True, 'dtype': 'float32', 'shape': [1], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1], 'storage_offset': 0}, None, None, None, "
                                "None, False, 1e-05, [True, True, True], {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1], 'storage_offset': 0})",
                        'choices': '410241000041004100410141004100410041004100410041004100004100',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::batch_norm_backward',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::batch_norm_backward'}},
 'repro': {'op': 'aten::batch_norm_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}},
                    None,
                    None,
                    None,
                    None,
                    False,
                    1e-05,
                    [True, True, True],
                    {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_out = torch.zeros(1, 1, dtype=torch.float32)
input = torch.zeros(1, 1, dtype=torch.float32)
weight = torch.zeros(1, dtype=torch.float32)
reserve = torch.zeros(0, dtype=torch.float32)
torch.ops.aten.batch_norm_backward.default(grad_out, input, weight, None, None, None, None, False, 1e-05, [True, True, True], reserve)


EXPECTED = """dies with SIGSEGV
"""
