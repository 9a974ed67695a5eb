# opprop crash repro: onednn::linear_prepack_fp16 dies with SIGSEGV (segmentation fault) in onednn::linear_prepack_fp16 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python onednn.linear_prepack_fp16--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""onednn::linear_prepack_fp16 dies with SIGSEGV (segmentation fault) in onednn::linear_prepack_fp16 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'onednn::linear_prepack_fp16',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'onednn::linear_prepack_fp16'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in onednn::linear_prepack_fp16',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'ideep::tensor::desc::transpose (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'onednn::linear_prepack_fp16',
             'called_op': 'onednn::linear_prepack_fp16',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 63, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'weight': {'device': 'cpu',
                                   'dtype': 'float16',
                                   'layout': 'strided',
                                   'shape': [],
                                   'storage_offset': 0,
                                   'stride': [],
                                   'tensor': True},
                        'x_shape': None},
             'replay': {'call': "Call(onednn::linear_prepack_fp16: {'tensor': True, 'dtype': 'float16', "
                                "'shape': [], 'device': 'cpu', 'layout': 'strided', 'stride': [], "
                                "'storage_offset': 0}, None)",
                        'choices': '411800410541024101410c41034107410041044103',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:onednn::linear_prepack_fp16',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [4, 0],
                                                        'torch.bool': [1, 0],
                                                        'torch.complex64': [1, 0],
                                                        'torch.float16': [3, 3],
                                                        'torch.float32': [14, 13],
                                                        'torch.float64': [4, 0],
                                                        'torch.int32': [4, 0],
                                                        'torch.int64': [4, 0]},
                                              'ndim': {'1': [4, 0], '2': [13, 6], '4': [3, 3]},
                                              'square': {'True': [20, 9]},
                                              'tensors.mode': {'plain': [1, 1], 'transposed': [2, 1]},
                                              'weight.kind': {'dense': [14, 8],
                                                              'has_live_view': [1, 0],
                                                              'transposed': [4, 1]},
                                              'weight.mode': {'expanded': [1, 1],
                                                              'plain': [14, 5],
                                                              'sliced': [2, 2],
                                                              'transposed': [3, 1]},
                                              'weight.shape': {'channels': [7, 0],
                                                               'conv': [5, 1],
                                                               'same': [37, 20]},
                                              'x_shape.default': {'True': [20, 9]}},
                                  'total': [20, 9],
                                  'valid_rate': 0.45},
                        'target': 'onednn::linear_prepack_fp16',
                        'example': 63}},
 'repro': {'op': 'onednn::linear_prepack_fp16',
           'args': [{'tensor': {'dtype': 'float16', 'shape': [], 'fill': 'zeros'}}, None],
           'kwargs': {}}}

# ---- the repro ----
import torch

weight = torch.zeros((), dtype=torch.float16)
torch.ops.onednn.linear_prepack_fp16.default(weight, None)


EXPECTED = """dies with SIGSEGV
"""
