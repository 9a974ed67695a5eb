# opprop crash repro: aten::_weight_norm_interface_backward dies with SIGSEGV (segmentation fault) in aten::_weight_norm_interface_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._weight_norm_interface_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_weight_norm_interface_backward dies with SIGSEGV (segmentation fault) in aten::_weight_norm_interface_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_weight_norm_interface_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_weight_norm_interface_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_weight_norm_interface_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'at::native::{anonymous}::weight_norm_backward_kernel (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_weight_norm_interface_backward',
             'called_op': 'aten::_weight_norm_interface_backward',
             'detail': {'example': 12, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': 0,
                        'grad_w': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [0, 3],
                                   'storage_offset': 0,
                                   'stride': [3, 1],
                                   'tensor': True},
                        'saved_g': {'device': 'cpu',
                                    'dtype': 'float32',
                                    'layout': 'strided',
                                    'shape': [3, 3],
                                    'storage_offset': 0,
                                    'stride': [3, 1],
                                    'tensor': True},
                        'saved_norms': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [0, 3],
                                        'storage_offset': 0,
                                        'stride': [3, 1],
                                        'tensor': True},
                        'saved_v': {'device': 'cpu',
                                    'dtype': 'float32',
                                    'layout': 'strided',
                                    'shape': [3, 3],
                                    'storage_offset': 0,
                                    'stride': [3, 1],
                                    'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_weight_norm_interface_backward: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [0, 3], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[3, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[3, 3], 'device': 'cpu', 'layout': 'strided', 'stride': [3, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [3, 3], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [3, 1], 'storage_offset': "
                                "0}, {'tensor': True, 'dtype': 'float32', 'shape': [0, 3], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [3, 1], 'storage_offset': 0}, 0)",
                        'choices': '41760141030141000041004100410441004103410041044106410341034100',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_weight_norm_interface_backward',
                        'steer': {'choices': {'dtype': {'torch.bool': [1, 0],
                                                        'torch.complex64': [1, 0],
                                                        'torch.float16': [3, 0],
                                                        'torch.float32': [8, 2],
                                                        'torch.float64': [1, 1],
                                                        'torch.int32': [2, 0],
                                                        'torch.int64': [4, 0]},
                                              'grad_w.kind': {'dense': [11, 3], 'is_view': [9, 0]},
                                              'ndim': {'0': [3, 0], '1': [2, 0], '2': [13, 3], '3': [2, 0]},
                                              'saved_g.kind': {'dense': [14, 3], 'is_view': [6, 0]},
                                              'square': {'False': [3, 0], 'True': [17, 3]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::_weight_norm_interface_backward'}},
 'repro': {'op': 'aten::_weight_norm_interface_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_w = torch.zeros((), dtype=torch.float32)
saved_v = torch.zeros(1, dtype=torch.float32)
saved_g = torch.zeros((), dtype=torch.float32)
saved_norms = torch.zeros(0, dtype=torch.float32)
torch.ops.aten._weight_norm_interface_backward.default(grad_w, saved_v, saved_g, saved_norms, 0)


EXPECTED = """dies with SIGSEGV
"""
