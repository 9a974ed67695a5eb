# opprop crash repro: aten::_convert_indices_from_csr_to_coo dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_csr_to_coo on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._convert_indices_from_csr_to_coo--crash-sigsegv-79e27b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_convert_indices_from_csr_to_coo dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_csr_to_coo on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_convert_indices_from_csr_to_coo',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_convert_indices_from_csr_to_coo'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_convert_indices_from_csr_to_coo',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::structured__convert_indices_from_csr_to_coo_structured_cpu::impl (libtorch_cpu.so)',
 'file_variant': '79e27b',
 'example': {'aten_op': 'aten::_convert_indices_from_csr_to_coo',
             'called_op': 'aten::_convert_indices_from_csr_to_coo',
             'detail': {'example': 85, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'col_indices': {'device': 'cpu',
                                        'dtype': 'int32',
                                        'layout': 'strided',
                                        'shape': [5],
                                        'storage_offset': 1,
                                        'stride': [1],
                                        'tensor': True},
                        'crow_indices': {'device': 'cpu',
                                         'dtype': 'int32',
                                         'layout': 'strided',
                                         'shape': [5],
                                         'storage_offset': 1,
                                         'stride': [1],
                                         'tensor': True},
                        'out_int32': False,
                        'transpose': False},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_convert_indices_from_csr_to_coo: crow_indices={'tensor': True, "
                                "'dtype': 'int32', 'shape': [5], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 1}, col_indices={'tensor': True, 'dtype': "
                                "'int32', 'shape': [5], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 1}, out_int32=False, transpose=False)",
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 169,
                        'crossing_seed': 500,
                        'database_key': 'opprop-fuzz:aten::_convert_indices_from_csr_to_coo',
                        'target': 'aten::_convert_indices_from_csr_to_coo'}},
 'repro': {'op': 'aten::_convert_indices_from_csr_to_coo',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [2], 'fill': 'values', 'values': [5, 1]}},
                    {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

crow_indices = torch.tensor([5, 1], dtype=torch.int64)
col_indices = torch.zeros(1, dtype=torch.float32)
torch.ops.aten._convert_indices_from_csr_to_coo.default(crow_indices, col_indices)


EXPECTED = """dies with SIGSEGV
"""
