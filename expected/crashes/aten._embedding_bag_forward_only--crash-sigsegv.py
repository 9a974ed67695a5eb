# opprop crash repro: aten::_embedding_bag_forward_only dies with SIGSEGV (segmentation fault) in aten::_embedding_bag_forward_only on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._embedding_bag_forward_only--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_embedding_bag_forward_only dies with SIGSEGV (segmentation fault) in aten::_embedding_bag_forward_only on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_embedding_bag_forward_only',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_embedding_bag_forward_only'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_embedding_bag_forward_only',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'at::native::_embedding_bag_cpu_impl_out (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::embedding_bag.padding_idx',
             'called_op': 'aten::embedding_bag.padding_idx',
             'detail': {'example': 8, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'include_last_offset': True,
                        'indices': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [4, 0],
                                    'storage_offset': 0,
                                    'stride': [1, 1],
                                    'tensor': True},
                        'mode': 1,
                        'offsets': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [2],
                                    'storage_offset': 0,
                                    'stride': [1],
                                    'tensor': True},
                        'padding_idx': None,
                        'per_sample_weights': None,
                        'scale_grad_by_freq': True,
                        'sparse': False,
                        'weight': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [2, 2],
                                   'storage_offset': 0,
                                   'stride': [2, 1],
                                   'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::embedding_bag.padding_idx: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [2, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'int64', 'shape': [4, 0], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                "0}, {'tensor': True, 'dtype': 'int64', 'shape': [2], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1], 'storage_offset': 0}, True, 1, False, "
                                'None, True, None)',
                        'choices': '41034115004100410141044100410a410341010141010041014103014100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::embedding_bag.padding_idx',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::embedding_bag.padding_idx'}},
 'repro': {'op': 'aten::_embedding_bag_forward_only',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [1, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [2], 'fill': 'arange'}},
                    True,
                    0,
                    False,
                    None,
                    True],
           'kwargs': {}}}

# ---- the repro ----
import torch

weight = torch.zeros(0, 0, dtype=torch.float32)
indices = torch.zeros(1, 0, dtype=torch.int64)
offsets = torch.arange(2, dtype=torch.int64)
torch.ops.aten._embedding_bag_forward_only.default(weight, indices, offsets, True, 0, False, None, True)


EXPECTED = """dies with SIGSEGV
"""
