# opprop crash repro: aten::_new_zeros_with_same_feature_meta dies with SIGSEGV (segmentation fault) in aten::_new_zeros_with_same_feature_meta on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._new_zeros_with_same_feature_meta--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_new_zeros_with_same_feature_meta dies with SIGSEGV (segmentation fault) in aten::_new_zeros_with_same_feature_meta on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_new_zeros_with_same_feature_meta',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_new_zeros_with_same_feature_meta'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_new_zeros_with_same_feature_meta',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::_new_zeros_with_same_feature_meta (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_new_zeros_with_same_feature_meta',
             'called_op': 'aten::_new_zeros_with_same_feature_meta',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 9, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'other': {'device': 'cpu',
                                  'dtype': 'complex64',
                                  'layout': 'strided',
                                  'math_bit': 'conj',
                                  'shape': [],
                                  'storage_offset': 0,
                                  'stride': [],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'math_bit': 'conj',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'self_num_batch_dims': 65537},
             'replay': {'call': "Call(aten::_new_zeros_with_same_feature_meta: self={'tensor': True, "
                                "'dtype': 'complex64', 'shape': [0, 3], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [3, 1], 'storage_offset': 0, 'math_bit': 'conj'}, "
                                "other={'tensor': True, 'dtype': 'complex64', 'shape': [], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [], 'storage_offset': 0, 'math_bit': "
                                "'conj'}, self_num_batch_dims=65537)",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 8,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::_new_zeros_with_same_feature_meta',
                        'target': 'aten::_new_zeros_with_same_feature_meta',
                        'example': 9}},
 'repro': {'op': 'aten::_new_zeros_with_same_feature_meta',
           'args': [{'tensor': {'dtype': 'complex64',
                                'shape': [0, 3],
                                'fill': 'values',
                                'layout': 'conj',
                                'parts': [{'tensor': {'dtype': 'complex64',
                                                      'shape': [0, 3],
                                                      'fill': 'values',
                                                      'values': []}}]}},
                    {'tensor': {'dtype': 'complex64',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'conj',
                                'parts': [{'tensor': {'dtype': 'complex64',
                                                      'shape': [],
                                                      'fill': 'values',
                                                      'values': [{'complex': [0.25, 0.25]}]}}]}}],
           'kwargs': {'self_num_batch_dims': 1021}}}

# ---- the repro ----
import torch

self = torch.tensor([], dtype=torch.complex64).reshape(0, 3).conj()
other = torch.tensor([(0.25+0.25j)], dtype=torch.complex64).reshape(()).conj()
torch.ops.aten._new_zeros_with_same_feature_meta.default(self, other, self_num_batch_dims=1021)


EXPECTED = """dies with SIGSEGV
"""
