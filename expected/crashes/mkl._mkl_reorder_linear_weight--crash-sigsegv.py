# opprop crash repro: mkl::_mkl_reorder_linear_weight dies with SIGSEGV (segmentation fault) in mkl::_mkl_reorder_linear_weight on torch 2.13.0+cpu.
# Run it with torch and nothing else: python mkl._mkl_reorder_linear_weight--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""mkl::_mkl_reorder_linear_weight dies with SIGSEGV (segmentation fault) in mkl::_mkl_reorder_linear_weight on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'mkl::_mkl_reorder_linear_weight',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'mkl::_mkl_reorder_linear_weight'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in mkl::_mkl_reorder_linear_weight',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'mkl_blas_def_sgemm_scopy_trans (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'mkl::_mkl_reorder_linear_weight',
             'called_op': 'mkl::_mkl_reorder_linear_weight',
             'detail': {'example': 25, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'X': {'device': 'cpu',
                              'dtype': 'float32',
                              'layout': 'strided',
                              'shape': [4, 1, 0],
                              'storage_offset': 0,
                              'stride': [1, 1, 1],
                              'tensor': True},
                        'batch_size': 0},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(mkl::_mkl_reorder_linear_weight: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [4, 1, 0], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, "
                                "1], 'storage_offset': 0}, 0)",
                        'choices': '41190041024101410441014100410041014100',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:mkl::_mkl_reorder_linear_weight',
                        'steer': {'choices': {'X.kind': {'dense': [14, 3],
                                                         'has_live_view': [1, 1],
                                                         'is_view': [4, 3],
                                                         'transposed': [1, 0]},
                                              'X.mode': {'expanded': [1, 1],
                                                         'plain': [7, 3],
                                                         'sliced': [2, 2],
                                                         'visible': [1, 0],
                                                         'zero_dim': [1, 0],
                                                         'zero_size': [8, 1]},
                                              'dtype': {'torch.bfloat16': [2, 0],
                                                        'torch.bool': [1, 0],
                                                        'torch.complex64': [9, 0],
                                                        'torch.float16': [2, 0],
                                                        'torch.float32': [20, 17],
                                                        'torch.float64': [3, 0],
                                                        'torch.int64': [3, 0],
                                                        'torch.int8': [1, 0]},
                                              'ndim': {'0': [3, 0],
                                                       '1': [1, 0],
                                                       '2': [31, 12],
                                                       '3': [1, 1],
                                                       '4': [5, 4]},
                                              'square': {'False': [5, 2], 'True': [15, 5]},
                                              'tensors.mode': {'visible': [1, 0],
                                                               'zero_dim': [1, 0],
                                                               'zero_size': [5, 0]}},
                                  'total': [20, 7],
                                  'valid_rate': 0.35},
                        'target': 'mkl::_mkl_reorder_linear_weight'}},
 'repro': {'op': 'mkl::_mkl_reorder_linear_weight',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1, 0], 'fill': 'zeros'}}, 0],
           'kwargs': {}}}

# ---- the repro ----
import torch

X = torch.zeros(1, 1, 0, dtype=torch.float32)
torch.ops.mkl._mkl_reorder_linear_weight.default(X, 0)


EXPECTED = """dies with SIGSEGV
"""
