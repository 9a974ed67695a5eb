# opprop crash repro: aten::_convert_indices_from_coo_to_csr.out dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_coo_to_csr.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._convert_indices_from_coo_to_csr.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_convert_indices_from_coo_to_csr.out dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_coo_to_csr.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_convert_indices_from_coo_to_csr.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_convert_indices_from_coo_to_csr.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_coo_to_csr.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_convert_indices_from_coo_to_csr.out',
             'called_op': 'aten::_convert_indices_from_coo_to_csr.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 3, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'out_int32': False,
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [3],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'size': 2},
             'replay': {'call': "Call(aten::_convert_indices_from_coo_to_csr.out: {'tensor': True, 'dtype': "
                                "'int64', 'shape': [3], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0}, 2, out_int32=False, out={'tensor': True, 'dtype': "
                                "'int64', 'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0})",
                        'choices': '41440041004101410341064100410241004101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_convert_indices_from_coo_to_csr.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [2, 0],
                                                        'torch.bool': [4, 0],
                                                        'torch.complex64': [5, 0],
                                                        'torch.float16': [1, 0],
                                                        'torch.float32': [73, 0],
                                                        'torch.float64': [24, 0],
                                                        'torch.int32': [3, 0],
                                                        'torch.int64': [23, 1],
                                                        'torch.int8': [2, 0],
                                                        'torch.uint8': [3, 0]},
                                              'ndim': {'0': [5, 0],
                                                       '1': [9, 1],
                                                       '2': [106, 0],
                                                       '3': [14, 0],
                                                       '4': [6, 0]},
                                              'out.dtype': {'floating': [16, 0],
                                                            'same': [57, 1],
                                                            'torch.bool': [12, 0],
                                                            'torch.int64': [17, 0]},
                                              'out.relation': {'fresh': [102, 1],
                                                               'same': [29, 0],
                                                               'view': [9, 0]},
                                              'out_int32.default': {'False': [33, 0], 'True': [107, 1]},
                                              'self.kind': {'dense': [94, 1],
                                                            'has_live_view': [19, 0],
                                                            'is_view': [19, 0],
                                                            'transposed': [8, 0]},
                                              'self.mode': {'expanded': [6, 0],
                                                            'extreme': [7, 0],
                                                            'offset': [2, 0],
                                                            'plain': [90, 1],
                                                            'sliced': [3, 0],
                                                            'transposed': [4, 0],
                                                            'visible': [1, 0],
                                                            'zero_dim': [11, 0],
                                                            'zero_size': [16, 0]},
                                              'square': {'False': [33, 0], 'True': [107, 1]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::_convert_indices_from_coo_to_csr.out',
                        'example': 3}},
 'repro': {'op': 'aten::_convert_indices_from_coo_to_csr.out',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'values', 'values': [100000000]}}, 1],
           'kwargs': {'out': {'tensor': {'dtype': 'int64', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.tensor([100000000], dtype=torch.int64)
out_ = torch.zeros(0, dtype=torch.int64)
torch.ops.aten._convert_indices_from_coo_to_csr.out(self, 1, out=out_)


EXPECTED = """dies with SIGSEGV
"""
