# opprop crash repro: aten::_pdist_forward dies with SIGSEGV (segmentation fault) in aten::_pdist_forward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._pdist_forward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_pdist_forward dies with SIGSEGV (segmentation fault) in aten::_pdist_forward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_pdist_forward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_pdist_forward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_pdist_forward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::{anonymous}::pdist_forward_kernel_impl (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_pdist_forward',
             'called_op': 'aten::_pdist_forward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 102, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'p': 2.0,
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [4, 3, 0],
                                 'storage_offset': 0,
                                 'stride': [3, 1, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::_pdist_forward: {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[4, 3, 0], 'device': 'cpu', 'layout': 'strided', 'stride': [3, 1, 1], "
                                "'storage_offset': 0}, 2.0)",
                        'choices': '4101414e004105410241014104410341004100410d410441024103',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_pdist_forward',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [1, 1],
                                                        'torch.bool': [3, 0],
                                                        'torch.float32': [7, 5],
                                                        'torch.float64': [2, 0],
                                                        'torch.int32': [2, 0],
                                                        'torch.int64': [1, 1]},
                                              'ndim': {'0': [5, 0], '1': [2, 1], '2': [9, 6]},
                                              'p.default': {'False': [3, 1], 'True': [13, 6]},
                                              'p.value': {'drawn': [2, 0], 'zero': [1, 1]},
                                              'self.kind': {'dense': [10, 6],
                                                            'is_view': [1, 1],
                                                            'transposed': [5, 0]},
                                              'self.mode': {'expanded': [1, 0],
                                                            'extreme': [4, 1],
                                                            'plain': [8, 4],
                                                            'visible': [1, 1],
                                                            'zero_dim': [1, 0],
                                                            'zero_size': [1, 1]},
                                              'square': {'False': [5, 1], 'True': [11, 6]},
                                              'tensors.mode': {'plain': [1, 0], 'zero_dim': [1, 0]}},
                                  'total': [16, 7],
                                  'valid_rate': 0.4375},
                        'target': 'aten::_pdist_forward',
                        'example': 102}},
 'repro': {'op': 'aten::_pdist_forward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [2, 1, 0], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros(2, 1, 0, dtype=torch.float32)
torch.ops.aten._pdist_forward.default(self)


EXPECTED = """dies with SIGSEGV
"""
