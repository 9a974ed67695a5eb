# opprop crash repro: aten::_cdist_backward.out dies with SIGSEGV (segmentation fault) in aten::_cdist_backward.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._cdist_backward.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_cdist_backward.out dies with SIGSEGV (segmentation fault) in aten::_cdist_backward.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_cdist_backward.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_cdist_backward.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_cdist_backward.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_cdist_backward.out',
             'called_op': 'aten::_cdist_backward.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 11, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'cdist': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [2, 2, 2],
                                  'storage_offset': 0,
                                  'stride': [4, 2, 1],
                                  'tensor': True},
                        'grad': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0, 2, 2],
                                 'storage_offset': 0,
                                 'stride': [4, 2, 1],
                                 'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'p': 1.0,
                        'x1': {'device': 'cpu',
                               'dtype': 'float32',
                               'layout': 'strided',
                               'shape': [2, 2, 2],
                               'storage_offset': 0,
                               'stride': [4, 2, 1],
                               'tensor': True},
                        'x2': {'device': 'cpu',
                               'dtype': 'float32',
                               'layout': 'strided',
                               'shape': [2, 2, 2],
                               'storage_offset': 0,
                               'stride': [4, 2, 1],
                               'tensor': True}},
             'replay': {'call': "Call(aten::_cdist_backward.out: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [0, 2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [4, 2, "
                                "1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [2, "
                                "2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [4, 2, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [2, 2, "
                                "2], 'device': 'cpu', 'layout': 'strided', 'stride': [4, 2, 1], "
                                "'storage_offset': 0}, 1.0, {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[2, 2, 2], 'device': 'cpu', 'layout': 'strided', 'stride': [4, 2, 1], "
                                "'storage_offset': 0}, out={'tensor': True, 'dtype': 'float32', 'shape': "
                                "[0], 'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': "
                                '0})',
                        'choices': '4200910141000141070041004101410241034102411341054102410041074105',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_cdist_backward.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_cdist_backward.out',
                        'example': 11}},
 'repro': {'op': 'aten::_cdist_backward.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    1.0,
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad = torch.zeros(0, 1, 1, dtype=torch.float32)
x1 = torch.zeros(1, 1, 1, dtype=torch.float32)
x2 = torch.zeros(1, 1, 1, dtype=torch.float32)
cdist = torch.zeros(1, 1, 1, dtype=torch.float32)
out_ = torch.zeros(0, dtype=torch.float32)
torch.ops.aten._cdist_backward.out(grad, x1, x2, 1.0, cdist, out=out_)


EXPECTED = """dies with SIGSEGV
"""
