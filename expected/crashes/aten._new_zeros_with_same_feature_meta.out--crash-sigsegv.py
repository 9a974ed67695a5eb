# opprop crash repro: aten::_new_zeros_with_same_feature_meta.out dies with SIGSEGV (segmentation fault) in aten::_new_zeros_with_same_feature_meta.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._new_zeros_with_same_feature_meta.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_new_zeros_with_same_feature_meta.out dies with SIGSEGV (segmentation fault) in aten::_new_zeros_with_same_feature_meta.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_new_zeros_with_same_feature_meta.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_new_zeros_with_same_feature_meta.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_new_zeros_with_same_feature_meta.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'c10::asIntArrayRefSlow (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_new_zeros_with_same_feature_meta.out',
             'called_op': 'aten::_new_zeros_with_same_feature_meta.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 4, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'other': {'device': 'cpu',
                                  'dtype': 'bool',
                                  'layout': 'strided',
                                  'shape': [4, 3],
                                  'storage_offset': 0,
                                  'stride': [0, 1],
                                  'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'float64',
                                'layout': 'strided',
                                'shape': [3, 4],
                                'storage_offset': 0,
                                'stride': [0, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'bool',
                                 'layout': 'strided',
                                 'shape': [4, 3],
                                 'storage_offset': 0,
                                 'stride': [0, 1],
                                 'tensor': True},
                        'self_num_batch_dims': -2},
             'replay': {'call': "Call(aten::_new_zeros_with_same_feature_meta.out: self={'tensor': True, "
                                "'dtype': 'bool', 'shape': [4, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [0, 1], 'storage_offset': 0}, other={'tensor': True, 'dtype': "
                                "'bool', 'shape': [4, 3], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[0, 1], 'storage_offset': 0}, self_num_batch_dims=-2, out={'tensor': True, "
                                "'dtype': 'float64', 'shape': [3, 4], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [0, 1], 'storage_offset': 0})",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 3,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::_new_zeros_with_same_feature_meta.out',
                        'target': 'aten::_new_zeros_with_same_feature_meta.out',
                        'example': 4}},
 'repro': {'op': 'aten::_new_zeros_with_same_feature_meta.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0, 0], 'fill': 'zeros'}}],
           'kwargs': {'self_num_batch_dims': -2,
                      'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.zeros((), dtype=torch.float32)
other = torch.zeros(0, 0, dtype=torch.float32)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten._new_zeros_with_same_feature_meta.out(self, other, self_num_batch_dims=-2, out=out_)


EXPECTED = """dies with SIGSEGV
"""
