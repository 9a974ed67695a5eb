# opprop crash repro: aten::fbgemm_pack_quantized_matrix.KN dies with SIGSEGV (segmentation fault) in aten::fbgemm_pack_quantized_matrix.KN on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fbgemm_pack_quantized_matrix.KN--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fbgemm_pack_quantized_matrix.KN dies with SIGSEGV (segmentation fault) in aten::fbgemm_pack_quantized_matrix.KN on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fbgemm_pack_quantized_matrix.KN',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::fbgemm_pack_quantized_matrix.KN'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::fbgemm_pack_quantized_matrix.KN',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::fbgemm_pack_quantized_matrix.KN',
             'called_op': 'aten::fbgemm_pack_quantized_matrix.KN',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 3, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'K': 0,
                        'N': 0,
                        'input': {'device': 'cpu',
                                  'dtype': 'int8',
                                  'layout': 'strided',
                                  'shape': [1, 1, 1, 0],
                                  'storage_offset': 0,
                                  'stride': [1, 1, 1, 1],
                                  'tensor': True}},
             'replay': {'call': "Call(aten::fbgemm_pack_quantized_matrix.KN: {'tensor': True, 'dtype': "
                                "'int8', 'shape': [1, 1, 1, 0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 0}, 0, 0)",
                        'choices': '412b004101410041014101410141004100410141004100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::fbgemm_pack_quantized_matrix.KN',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [3, 0],
                                                        'torch.bool': [8, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float16': [2, 0],
                                                        'torch.float32': [8, 0],
                                                        'torch.int32': [14, 0],
                                                        'torch.int64': [14, 0],
                                                        'torch.int8': [1, 1],
                                                        'torch.uint8': [7, 0]},
                                              'input.kind': {'dense': [17, 0],
                                                             'has_live_view': [6, 0],
                                                             'is_view': [15, 0],
                                                             'transposed': [22, 1]},
                                              'ndim': {'0': [4, 0],
                                                       '1': [6, 0],
                                                       '2': [46, 1],
                                                       '3': [3, 0],
                                                       '4': [1, 0]},
                                              'square': {'False': [44, 1], 'True': [16, 0]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::fbgemm_pack_quantized_matrix.KN',
                        'example': 3}},
 'repro': {'op': 'aten::fbgemm_pack_quantized_matrix.KN',
           'args': [{'tensor': {'dtype': 'int8', 'shape': [1, 1, 1, 0], 'fill': 'zeros'}}, 0, 0],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.zeros(1, 1, 1, 0, dtype=torch.int8)
torch.ops.aten.fbgemm_pack_quantized_matrix.KN(input, 0, 0)


EXPECTED = """dies with SIGSEGV
"""
