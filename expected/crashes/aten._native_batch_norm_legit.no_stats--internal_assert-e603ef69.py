# opprop crash repro: aten::_native_batch_norm_legit.no_stats fails an internal assert in aten::_native_batch_norm_legit.no_stats: t.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._native_batch_norm_legit.no_stats--internal_assert-e603ef69.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_native_batch_norm_legit.no_stats fails an internal assert in aten::_native_batch_norm_legit.no_stats: t.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_native_batch_norm_legit.no_stats',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 't.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162',
             'op': 'aten::_native_batch_norm_legit.no_stats'},
 'outcome_text': 'fails an internal assert in aten::_native_batch_norm_legit.no_stats: t.defined() && '
                 't.dim() == 1 INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_native_batch_norm_legit.no_stats',
             'called_op': '_native_batch_norm_legit',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 't.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162, please '
                                 'report a bug to PyTorch.',
                        'private': False},
             'inputs': {'arg0': {'device': 'cpu',
                                 'dtype': 'float64',
                                 'layout': 'strided',
                                 'shape': [1, 2, 3],
                                 'storage_offset': 0,
                                 'stride': [18, 9, 3],
                                 'tensor': True},
                        'arg1': None,
                        'arg2': None,
                        'arg3': False,
                        'arg4': 0.5,
                        'arg5': 1e-05},
             'replay': {'choices': '410b41014109010101000041024103410201',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:_native_batch_norm_legit',
                        'steer': None,
                        'target': '_native_batch_norm_legit'}},
 'repro': {'op': 'aten::_native_batch_norm_legit.no_stats',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [2],
                                'fill': 'zeros',
                                'stride': [3],
                                'offset': 0}},
                    None,
                    None,
                    False,
                    0.0,
                    0.0],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.as_strided(torch.zeros(4, dtype=torch.float32), (2,), (3,), 0)
torch.ops.aten._native_batch_norm_legit.no_stats(input, None, None, False, 0.0, 0.0)


EXPECTED = """internal assert: t.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/Normalization.cpp":162
"""
