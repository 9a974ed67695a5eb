# opprop crash repro: aten::_linalg_check_errors fails an internal assert in aten::_linalg_check_errors: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":1642 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._linalg_check_errors--internal_assert-5af0df07.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_linalg_check_errors fails an internal assert in aten::_linalg_check_errors: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":1642 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_linalg_check_errors',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'false INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":1642',
             'op': 'aten::_linalg_check_errors'},
 'outcome_text': 'fails an internal assert in aten::_linalg_check_errors: false INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":1642',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::linalg_ldl_factor',
             'called_op': 'aten::linalg_ldl_factor',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'false INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":1642, '
                                 'please report a bug to PyTorch. torch.linalg.ldl_factor: Unknown error '
                                 'code: 2.',
                        'private': False},
             'inputs': {'hermitian': False,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [2, 2],
                                 'storage_offset': 0,
                                 'stride': [1, 2],
                                 'tensor': True}},
             'replay': {'choices': '4101410000410041004102410041034100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::linalg_ldl_factor',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [2, 0],
                                                        'torch.bool': [1, 0],
                                                        'torch.float32': [20, 16],
                                                        'torch.float64': [4, 4],
                                                        'torch.int64': [1, 0],
                                                        'torch.int8': [7, 0]},
                                              'hermitian.default': {'False': [1, 0], 'True': [34, 20]},
                                              'ndim': {'0': [1, 0], '1': [3, 0], '2': [29, 20], '3': [2, 0]},
                                              'self.kind': {'dense': [32, 18],
                                                            'has_live_view': [1, 0],
                                                            'is_view': [1, 1],
                                                            'transposed': [1, 1]},
                                              'self.mode': {'expanded': [1, 1],
                                                            'extreme': [2, 2],
                                                            'plain': [21, 17],
                                                            'transposed': [7, 0],
                                                            'zero_dim': [2, 0],
                                                            'zero_size': [2, 0]},
                                              'square': {'False': [4, 2], 'True': [31, 18]},
                                              'tensors.mode': {'extreme': [2, 2],
                                                               'plain': [6, 4],
                                                               'transposed': [7, 0]}},
                                  'total': [35, 20],
                                  'valid_rate': 0.5714285714285714},
                        'target': 'aten::linalg_ldl_factor'}},
 'repro': {'op': 'aten::_linalg_check_errors',
           'args': [{'tensor': {'dtype': 'int32', 'shape': [], 'fill': 'ones'}}, 'torch.linalg.ldl_factor'],
           'kwargs': {'is_matrix': True}}}

# ---- the repro ----
import torch

info = torch.ones((), dtype=torch.int32)
torch.ops.aten._linalg_check_errors.default(info, 'torch.linalg.ldl_factor', is_matrix=True)


EXPECTED = """internal assert: false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":1642
"""
