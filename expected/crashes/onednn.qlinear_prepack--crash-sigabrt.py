# opprop crash repro: onednn::qlinear_prepack dies with SIGABRT (abort) in onednn::qlinear_prepack on torch 2.13.0+cpu.
# Run it with nothing but torch: python onednn.qlinear_prepack--crash-sigabrt.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""onednn::qlinear_prepack dies with SIGABRT (abort) in onednn::qlinear_prepack on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'onednn::qlinear_prepack',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGABRT', 'op': 'onednn::qlinear_prepack'},
 'outcome_text': 'dies with SIGABRT (abort) in onednn::qlinear_prepack',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-05',
 'public': '',
 'frame': 'ideep::matmul_forward::expected_weights_desc (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'onednn::qlinear_prepack',
             'called_op': 'onednn::qlinear_prepack',
             'detail': {'example': 8, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'weight': {'device': 'cpu',
                                   'dtype': 'int8',
                                   'layout': 'strided',
                                   'shape': [2],
                                   'storage_offset': 0,
                                   'stride': [1],
                                   'tensor': True},
                        'x_shape': None},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(onednn::qlinear_prepack: {'tensor': True, 'dtype': 'int8', 'shape': "
                                "[2], 'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': "
                                '0}, None)',
                        'choices': '410841034102410941034100',
                        'database_key': 'opprop-fuzz:onednn::qlinear_prepack',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'onednn::qlinear_prepack'}},
 'repro': {'op': 'onednn::qlinear_prepack',
           'args': [{'tensor': {'dtype': 'int8', 'shape': [0], 'fill': 'zeros'}}, None],
           'kwargs': {}}}

# ---- the repro ----
import torch

weight = torch.zeros(0, dtype=torch.int8)
torch.ops.onednn.qlinear_prepack.default(weight, None)


EXPECTED = """dies with SIGABRT
"""
