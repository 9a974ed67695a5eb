# opprop crash repro: _quantized::linear_prepack_fp16 dies with SIGSEGV (segmentation fault) in _quantized::linear_prepack_fp16 on torch 2.13.0+cpu.
# Run it with nothing but torch: python _quantized.linear_prepack_fp16--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""_quantized::linear_prepack_fp16 dies with SIGSEGV (segmentation fault) in _quantized::linear_prepack_fp16 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': '_quantized::linear_prepack_fp16',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': '_quantized::linear_prepack_fp16'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in _quantized::linear_prepack_fp16',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-05',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'quantized::linear_relu',
             'called_op': 'quantized::linear_relu',
             'detail': {'example': 17, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'W_prepack': '_quantized::linear_prepack_fp16(...)',
                        'X': {'device': 'cpu',
                              'dtype': 'quint2x4',
                              'layout': 'strided',
                              'qscheme': 'per_tensor_affine',
                              'shape': [4, 4],
                              'storage_offset': 0,
                              'stride': [4, 1],
                              'tensor': True},
                        'Y_scale_i': 3.4028234663852886e+38,
                        'Y_zero_point_i': 0},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(quantized::linear_relu: {'tensor': True, 'dtype': 'quint2x4', 'shape': "
                                "[4, 4], 'device': 'cpu', 'layout': 'strided', 'stride': [4, 1], "
                                "'storage_offset': 0, 'qscheme': 'per_tensor_affine'}, "
                                "'_quantized::linear_prepack_fp16(...)', 3.4028234663852886e+38, 0)",
                        'choices': '415901410101410000410241054100410141044104410d4109410441014102410141034103410041004100410041014100',
                        'database_key': 'opprop-fuzz:quantized::linear_relu',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'quantized::linear_relu'}},
 'repro': {'op': '_quantized::linear_prepack_fp16',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1, 0], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

W = torch.zeros(1, 1, 0, dtype=torch.float32)
torch.ops._quantized.linear_prepack_fp16.default(W)


EXPECTED = """dies with SIGSEGV
"""
