# opprop crash repro: aten::_cdist_backward dies with SIGSEGV (segmentation fault) in aten::_cdist_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._cdist_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_cdist_backward dies with SIGSEGV (segmentation fault) in aten::_cdist_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_cdist_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_cdist_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_cdist_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::{anonymous}::Dist::run_backward_parallel_cdist (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_cdist_backward',
             'called_op': 'aten::_cdist_backward',
             'detail': {'example': 99, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'cdist': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [0, 3],
                                  'storage_offset': 0,
                                  'stride': [3, 1],
                                  'tensor': True},
                        'grad': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'math_bit': 'neg',
                                 'shape': [2, 3, 4, 5],
                                 'storage_offset': 0,
                                 'stride': [60, 20, 5, 1],
                                 'tensor': True},
                        'p': 'inf',
                        'x1': {'device': 'cpu',
                               'dtype': 'float32',
                               'layout': 'strided',
                               'math_bit': 'neg',
                               'shape': [2, 3, 4, 5],
                               'storage_offset': 0,
                               'stride': [60, 20, 5, 1],
                               'tensor': True},
                        'x2': {'device': 'cpu',
                               'dtype': 'float32',
                               'layout': 'strided',
                               'math_bit': 'neg',
                               'shape': [2, 3, 4, 5],
                               'storage_offset': 0,
                               'stride': [60, 20, 5, 1],
                               'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_cdist_backward: grad={'tensor': True, 'dtype': 'float32', "
                                "'shape': [2, 3, 4, 5], 'device': 'cpu', 'layout': 'strided', 'stride': [60, "
                                "20, 5, 1], 'storage_offset': 0, 'math_bit': 'neg'}, x1={'tensor': True, "
                                "'dtype': 'float32', 'shape': [2, 3, 4, 5], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [60, 20, 5, 1], 'storage_offset': 0, 'math_bit': "
                                "'neg'}, x2={'tensor': True, 'dtype': 'float32', 'shape': [2, 3, 4, 5], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [60, 20, 5, 1], "
                                "'storage_offset': 0, 'math_bit': 'neg'}, p=inf, cdist={'tensor': True, "
                                "'dtype': 'float32', 'shape': [0, 3], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [3, 1], 'storage_offset': 0})",
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 98,
                        'crossing_seed': 500,
                        'database_key': 'opprop-fuzz:aten::_cdist_backward',
                        'target': 'aten::_cdist_backward'}},
 'repro': {'op': 'aten::_cdist_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 0], 'fill': 'zeros'}},
                    1.0,
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.zeros((), dtype=torch.float32)
x1 = torch.zeros(1, 1, dtype=torch.float32)
x2 = torch.zeros(1, 0, dtype=torch.float32)
cdist = torch.zeros((), dtype=torch.float32)
torch.ops.aten._cdist_backward.default(grad, x1, x2, 1.0, cdist)


EXPECTED = """dies with SIGSEGV
"""
