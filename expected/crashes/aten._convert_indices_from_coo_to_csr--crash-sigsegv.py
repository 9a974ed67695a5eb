# opprop crash repro: aten::_convert_indices_from_coo_to_csr dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_coo_to_csr on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._convert_indices_from_coo_to_csr--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_convert_indices_from_coo_to_csr dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_coo_to_csr on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_convert_indices_from_coo_to_csr',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_convert_indices_from_coo_to_csr'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_coo_to_csr',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_convert_indices_from_coo_to_csr',
             'called_op': 'aten::_convert_indices_from_coo_to_csr',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 4, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'out_int32': False,
                        'self': {'device': 'cpu',
                                 'dtype': 'int32',
                                 'layout': 'strided',
                                 'shape': [2],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'size': 1},
             'replay': {'call': "Call(aten::_convert_indices_from_coo_to_csr: {'tensor': True, 'dtype': "
                                "'int32', 'shape': [2], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0}, 1, out_int32=False)",
                        'choices': '411b014100004104410241024102410341004101410100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_convert_indices_from_coo_to_csr',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [4, 0],
                                                        'torch.bool': [2, 0],
                                                        'torch.float16': [4, 0],
                                                        'torch.float32': [40, 0],
                                                        'torch.float64': [5, 0],
                                                        'torch.int64': [5, 3],
                                                        'torch.int8': [1, 1],
                                                        'torch.uint8': [1, 0]},
                                              'ndim': {'0': [1, 0],
                                                       '1': [12, 4],
                                                       '2': [36, 0],
                                                       '3': [10, 0],
                                                       '4': [3, 0]},
                                              'out_int32.default': {'False': [10, 3], 'True': [52, 1]},
                                              'self.kind': {'dense': [40, 3],
                                                            'has_live_view': [1, 1],
                                                            'is_view': [10, 0],
                                                            'transposed': [11, 0]},
                                              'self.mode': {'expanded': [2, 0],
                                                            'extreme': [1, 0],
                                                            'offset': [1, 0],
                                                            'plain': [31, 0],
                                                            'sliced': [10, 0],
                                                            'transposed': [3, 0],
                                                            'visible': [3, 0],
                                                            'zero_dim': [6, 2],
                                                            'zero_size': [5, 2]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::_convert_indices_from_coo_to_csr',
                        'example': 4}},
 'repro': {'op': 'aten::_convert_indices_from_coo_to_csr',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'values', 'values': [100000000]}}, 1],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.tensor([100000000], dtype=torch.int64)
torch.ops.aten._convert_indices_from_coo_to_csr.default(self, 1)


EXPECTED = """dies with SIGSEGV
"""
