# opprop crash repro: aten::reflection_pad1d_backward dies with SIGSEGV (segmentation fault) in aten::reflection_pad1d_backward on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.reflection_pad1d_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::reflection_pad1d_backward dies with SIGSEGV (segmentation fault) in aten::reflection_pad1d_backward on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::reflection_pad1d_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::reflection_pad1d_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::reflection_pad1d_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::reflection_pad1d_backward',
             'called_op': 'aten::reflection_pad1d_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 9, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [1, 1, 1],
                                        'storage_offset': 0,
                                        'stride': [1, 1, 1],
                                        'tensor': True},
                        'padding': [],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1],
                                 'tensor': True}},
             'replay': {'call': "Call(aten::reflection_pad1d_backward: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [1, 1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, "
                                "1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, "
                                "1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, 1], "
                                "'storage_offset': 0}, [])",
                        'choices': '4101411f014103004101410241034101410c41034105',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::reflection_pad1d_backward',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::reflection_pad1d_backward',
                        'example': 9}},
 'repro': {'op': 'aten::reflection_pad1d_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    []],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad_output = torch.zeros(1, 1, 1, dtype=torch.float32)
self = torch.zeros(1, 1, 1, dtype=torch.float32)
torch.ops.aten.reflection_pad1d_backward.default(grad_output, self, [])


EXPECTED = """dies with SIGSEGV
"""
