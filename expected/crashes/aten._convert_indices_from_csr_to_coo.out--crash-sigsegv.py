# opprop crash repro: aten::_convert_indices_from_csr_to_coo.out dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_csr_to_coo.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._convert_indices_from_csr_to_coo.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_convert_indices_from_csr_to_coo.out dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_csr_to_coo.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_convert_indices_from_csr_to_coo.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_convert_indices_from_csr_to_coo.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_csr_to_coo.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_convert_indices_from_csr_to_coo.out',
             'called_op': 'aten::_convert_indices_from_csr_to_coo.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 3, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'col_indices': {'device': 'cpu',
                                        'dtype': 'int64',
                                        'layout': 'strided',
                                        'shape': [2, 2, 2],
                                        'storage_offset': 0,
                                        'stride': [1, 2, 4],
                                        'tensor': True},
                        'crow_indices': {'device': 'cpu',
                                         'dtype': 'int64',
                                         'layout': 'strided',
                                         'shape': [2, 2, 3],
                                         'storage_offset': 0,
                                         'stride': [6, 3, 1],
                                         'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [2, 2, 3],
                                'storage_offset': 0,
                                'stride': [6, 3, 1],
                                'tensor': True},
                        'out_int32': False,
                        'transpose': False},
             'replay': {'call': "Call(aten::_convert_indices_from_csr_to_coo.out: {'tensor': True, 'dtype': "
                                "'int64', 'shape': [2, 2, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [6, 3, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'int64', 'shape': [2, 2, 2], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 2, 4], 'storage_offset': 0}, out_int32=False, "
                                "transpose=False, out={'tensor': True, 'dtype': 'int64', 'shape': [2, 2, 3], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [6, 3, 1], "
                                "'storage_offset': 0})",
                        'choices': '412701410201410100410041014100410041024100410241014101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_convert_indices_from_csr_to_coo.out',
                        'steer': {'choices': {'col_indices.kind': {'dense': [34, 14],
                                                                   'has_live_view': [12, 6],
                                                                   'is_view': [6, 0],
                                                                   'transposed': [7, 1]},
                                              'crow_indices.ends': {'at': [12, 1],
                                                                    'before': [8, 2],
                                                                    'empty': [31, 15],
                                                                    'past': [8, 3]},
                                              'dtype': {'torch.bfloat16': [9, 2],
                                                        'torch.bool': [7, 0],
                                                        'torch.complex64': [7, 1],
                                                        'torch.float16': [2, 0],
                                                        'torch.float32': [6, 0],
                                                        'torch.float64': [2, 0],
                                                        'torch.int32': [3, 0],
                                                        'torch.int64': [18, 17],
                                                        'torch.int8': [4, 0],
                                                        'torch.uint8': [1, 1]},
                                              'ndim': {'0': [10, 0],
                                                       '1': [4, 0],
                                                       '2': [8, 1],
                                                       '3': [30, 15],
                                                       '4': [7, 5]},
                                              'out.dtype': {'floating': [3, 0],
                                                            'same': [39, 14],
                                                            'torch.bool': [4, 0],
                                                            'torch.int64': [3, 2]},
                                              'out_int32.default': {'False': [3, 0], 'True': [56, 21]},
                                              'transpose.default': {'False': [5, 0], 'True': [54, 21]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::_convert_indices_from_csr_to_coo.out',
                        'example': 3}},
 'repro': {'op': 'aten::_convert_indices_from_csr_to_coo.out',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [2], 'fill': 'values', 'values': [0, 100000000]}},
                    {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'int64', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

crow_indices = torch.tensor([0, 100000000], dtype=torch.int64)
col_indices = torch.zeros(1, dtype=torch.int64)
out_ = torch.zeros(0, dtype=torch.int64)
torch.ops.aten._convert_indices_from_csr_to_coo.out(crow_indices, col_indices, out=out_)


EXPECTED = """dies with SIGSEGV
"""
