# opprop crash repro: aten::fake_quantize_per_channel_affine_cachemask fails an internal assert in aten::fake_quantize_per_channel_affine_cachemask: !needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":311 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.fake_quantize_per_channel_affine_cachemask--internal_assert-a563034b.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::fake_quantize_per_channel_affine_cachemask fails an internal assert in aten::fake_quantize_per_channel_affine_cachemask: !needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":311 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::fake_quantize_per_channel_affine_cachemask',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': '!needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":311',
             'op': 'aten::fake_quantize_per_channel_affine_cachemask'},
 'outcome_text': 'fails an internal assert in aten::fake_quantize_per_channel_affine_cachemask: '
                 '!needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":311',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::fake_quantize_per_channel_affine_cachemask',
             'called_op': 'aten::fake_quantize_per_channel_affine_cachemask',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': '!needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":311, please report '
                                 'a bug to PyTorch.',
                        'private': False},
             'inputs': {'axis': 0,
                        'quant_max': 127,
                        'quant_min': 0,
                        'scale': {'device': 'cpu',
                                  'dtype': 'bfloat16',
                                  'layout': 'strided',
                                  'shape': [1],
                                  'storage_offset': 0,
                                  'stride': [1],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'bfloat16',
                                 'layout': 'strided',
                                 'shape': [1],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'zero_point': {'device': 'cpu',
                                       'dtype': 'int32',
                                       'layout': 'strided',
                                       'shape': [1],
                                       'storage_offset': 0,
                                       'stride': [1],
                                       'tensor': True}},
             'replay': {'choices': '4100014100014102004100410141004101410241004100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::fake_quantize_per_channel_affine_cachemask',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [19, 11],
                                                        'torch.bool': [3, 0],
                                                        'torch.complex64': [3, 0],
                                                        'torch.float16': [10, 7],
                                                        'torch.float32': [55, 41],
                                                        'torch.float64': [20, 14],
                                                        'torch.int32': [1, 0],
                                                        'torch.int64': [7, 0],
                                                        'torch.int8': [1, 0],
                                                        'torch.uint8': [3, 0]},
                                              'ndim': {'0': [3, 0],
                                                       '1': [41, 27],
                                                       '2': [71, 46],
                                                       '3': [3, 0],
                                                       '4': [4, 0]},
                                              'scale.dtype': {'torch.float32': [93, 64],
                                                              'torch.float64': [3, 0]},
                                              'scale.relation': {'own': [96, 64],
                                                                 'partial': [3, 0],
                                                                 'same': [3, 0],
                                                                 'view': [20, 9]},
                                              'self.kind': {'dense': [85, 52],
                                                            'has_live_view': [6, 0],
                                                            'is_view': [19, 14],
                                                            'transposed': [12, 7]},
                                              'self.mode': {'expanded': [1, 0],
                                                            'extreme': [6, 3],
                                                            'offset': [3, 3],
                                                            'plain': [82, 55],
                                                            'sliced': [4, 3],
                                                            'transposed': [12, 9],
                                                            'visible': [1, 0],
                                                            'zero_dim': [10, 0],
                                                            'zero_size': [3, 0]},
                                              'square': {'False': [3, 0], 'True': [119, 73]},
                                              'tensors.mode': {'plain': [2, 2], 'transposed': [1, 1]},
                                              'zero_point.dtype': {'torch.float32': [13, 7],
                                                                   'torch.int32': [95, 66],
                                                                   'torch.int64': [5, 0]},
                                              'zero_point.relation': {'own': [113, 73],
                                                                      'partial': [4, 0],
                                                                      'same': [1, 0],
                                                                      'view': [4, 0]}},
                                  'total': [20, 15],
                                  'valid_rate': 0.75},
                        'target': 'aten::fake_quantize_per_channel_affine_cachemask'}},
 'repro': {'op': 'aten::fake_quantize_per_channel_affine_cachemask',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'bfloat16', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    0,
                    0,
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros(0, dtype=torch.float32)
scale = torch.zeros(0, dtype=torch.bfloat16)
zero_point = torch.zeros(0, dtype=torch.float32)
torch.ops.aten.fake_quantize_per_channel_affine_cachemask.default(self, scale, zero_point, 0, 0, 0)


EXPECTED = """internal assert: !needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":311
"""
