# opprop crash repro: aten::native_batch_norm_backward dies with SIGSEGV (segmentation fault) in aten::native_batch_norm_backward on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.native_batch_norm_backward--crash-sigsegv-fbf7df.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::native_batch_norm_backward dies with SIGSEGV (segmentation fault) in aten::native_batch_norm_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::native_batch_norm_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::native_batch_norm_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::native_batch_norm_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'public': '',
 'frame': 'at::native::{anonymous}::batch_norm_cpu_backward_channels_last_impl (libtorch_cpu.so)',
 'file_variant': 'fbf7df',
 'example': {'aten_op': 'aten::native_batch_norm_backward',
             'called_op': 'aten::native_batch_norm_backward',
             'detail': {'example': 2, 'phase': 'example', 'signal': 'SIGSEGV'},
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
                        'running_mean': None,
                        'running_var': None,
                        'save_invstd': None,
                        'save_mean': None,
                        'train': False,
                        'weight': None},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::native_batch_norm_backward: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                '0}, None, None, None, None, None, False, 1e-05, [True, True, True])',
                        'choices': '41024100410041014100410041004100410041004100410000',
                        'database_key': 'aten::native_batch_norm_backward',
                        'target': 'aten::native_batch_norm_backward'}},
 'repro': {'op': 'aten::native_batch_norm_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    None,
                    None,
                    None,
                    None,
                    None,
                    False,
                    0.0,
                    [True, True, True]],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_out = torch.zeros(0, dtype=torch.float32)
input = torch.zeros(1, 1, dtype=torch.float32)
torch.ops.aten.native_batch_norm_backward.default(grad_out, input, None, None, None, None, None, False, 0.0, [True, True, True])


EXPECTED = """dies with SIGSEGV
"""
