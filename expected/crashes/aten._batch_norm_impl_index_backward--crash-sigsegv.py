# opprop crash repro: aten::_batch_norm_impl_index_backward dies with SIGSEGV (segmentation fault) in aten::native_batch_norm_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._batch_norm_impl_index_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_batch_norm_impl_index_backward dies with SIGSEGV (segmentation fault) in aten::native_batch_norm_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_batch_norm_impl_index_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::native_batch_norm_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::native_batch_norm_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_batch_norm_impl_index_backward',
             'called_op': 'aten::_batch_norm_impl_index_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 2, 'phase': 'example', 'signal': 'SIGSEGV'},
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
                                  'stride': [2, 1],
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
                        'train': True,
                        'weight': None},
             'replay': {'call': "Call(aten::_batch_norm_impl_index_backward: 0, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[2, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [2, 1], "
                                "'storage_offset': 1}, None, None, None, None, None, True, 1e-05, [True, "
                                "True, True], {'tensor': True, 'dtype': 'float32', 'shape': [2, 2], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [2, 1], 'storage_offset': "
                                '0})',
                        'choices': '4102414c00410741024102411041004105410141034100410241024103014104',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_batch_norm_impl_index_backward',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_batch_norm_impl_index_backward',
                        'example': 2}},
 'repro': {'op': 'aten::_batch_norm_impl_index_backward',
           'args': [0,
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    None,
                    None,
                    None,
                    None,
                    None,
                    True,
                    0.0,
                    [True, True, True],
                    {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.zeros(1, 1, dtype=torch.float32)
grad_output = torch.zeros(1, 1, dtype=torch.float32)
reservedSpace = torch.zeros(0, dtype=torch.float32)
torch.ops.aten._batch_norm_impl_index_backward.default(0, input, grad_output, None, None, None, None, None, True, 0.0, [True, True, True], reservedSpace)


EXPECTED = """dies with SIGSEGV
"""
