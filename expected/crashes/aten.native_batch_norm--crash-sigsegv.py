# opprop crash repro: aten::native_batch_norm dies with SIGSEGV (segmentation fault) in aten::native_batch_norm on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.native_batch_norm--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::native_batch_norm dies with SIGSEGV (segmentation fault) in aten::native_batch_norm on torch 2.13.0+cpu.

Public entry point: `torch.native_batch_norm(input, None, None, None, None, False, 0.0, 0.0)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::native_batch_norm',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::native_batch_norm'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::native_batch_norm',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-05',
 'public': '`torch.native_batch_norm(input, None, None, None, None, False, 0.0, 0.0)`',
 'frame': 'at::native::{anonymous}::batch_norm_cpu_collect_linear_and_constant_terms (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::native_batch_norm',
             'called_op': 'aten::native_batch_norm',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 2, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'input': {'tensor': True,
                                  'dtype': 'float32',
                                  'shape': [2, 2],
                                  'device': 'cpu',
                                  'layout': 'strided',
                                  'stride': [2, 1],
                                  'storage_offset': 0},
                        'weight': None,
                        'bias': None,
                        'running_mean': None,
                        'running_var': None,
                        'training': False,
                        'momentum': 0.1,
                        'eps': 1e-05},
             'replay': {'call': "Call(aten::native_batch_norm: {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [2, 1], "
                                "'storage_offset': 0}, None, None, None, None, False, 0.1, 1e-05)",
                        'choices': '4101415d0141040141070041014100410741034102410a4106410241024103410200',
                        'steer': {'total': [0, 0], 'valid_rate': None, 'choices': {}},
                        'database_key': 'opprop-fuzz:aten::native_batch_norm',
                        'target': 'aten::native_batch_norm'}},
 'repro': {'op': 'aten::native_batch_norm',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    None,
                    None,
                    None,
                    None,
                    False,
                    0.0,
                    0.0],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.zeros(1, 1, dtype=torch.float32)
torch.ops.aten.native_batch_norm.default(input, None, None, None, None, False, 0.0, 0.0)


EXPECTED = """dies with SIGSEGV
"""
