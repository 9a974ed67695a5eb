# opprop crash repro: aten::native_batch_norm_backward dies with SIGSEGV (segmentation fault) in aten::native_batch_norm_backward on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.native_batch_norm_backward--crash-sigsegv.py
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
 'frame': 'at::native::batch_norm_backward_cpu_template (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_batch_norm_impl_index_backward',
             'called_op': 'aten::_batch_norm_impl_index_backward',
             'detail': {'example': 9, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'eps': 1e-05,
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [2, 2],
                                        'storage_offset': 1,
                                        'stride': [2, 1],
                                        'tensor': True},
                        'impl_index': 0,
                        'input': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [2, 2],
                                  'storage_offset': 0,
                                  'stride': [1, 2],
                                  'tensor': True},
                        'output_mask': [True, True, True],
                        'reservedSpace': {'device': 'cpu',
                                          'dtype': 'float32',
                                          'layout': 'strided',
                                          'shape': [2, 2],
                                          'storage_offset': 0,
                                          'stride': [2, 1],
                                          'tensor': True},
                        'running_mean': None,
                        'running_var': None,
                        'save_mean': None,
                        'save_var_transform': None,
                        'train': False,
                        'weight': None},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_batch_norm_impl_index_backward: 0, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 2], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [2, 1], "
                                "'storage_offset': 1}, None, None, None, None, None, False, 1e-05, [True, "
                                "True, True], {'tensor': True, 'dtype': 'float32', 'shape': [2, 2], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [2, 1], 'storage_offset': "
                                '0})',
                        'choices': '4102410641024102410d410041034101410041004100410141024102004104',
                        'database_key': 'aten::_batch_norm_impl_index_backward',
                        'target': 'aten::_batch_norm_impl_index_backward'}},
 'repro': {'op': 'aten::native_batch_norm_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [1, 2],
                                'fill': 'zeros',
                                'stride': [1, 2],
                                'offset': 0}},
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

grad_out = torch.zeros(0, 0, dtype=torch.float32)
input = torch.as_strided(torch.zeros(3, dtype=torch.float32), (1, 2), (1, 2), 0)
torch.ops.aten.native_batch_norm_backward.default(grad_out, input, None, None, None, None, None, False, 0.0, [True, True, True])


EXPECTED = """dies with SIGSEGV
"""
