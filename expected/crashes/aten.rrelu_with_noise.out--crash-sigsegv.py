# opprop crash repro: aten::rrelu_with_noise.out dies with SIGSEGV (segmentation fault) in aten::rrelu_with_noise.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.rrelu_with_noise.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::rrelu_with_noise.out dies with SIGSEGV (segmentation fault) in aten::rrelu_with_noise.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::rrelu_with_noise.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::rrelu_with_noise.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::rrelu_with_noise.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::rrelu_with_noise.out',
             'called_op': 'aten::rrelu_with_noise.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 17, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'generator': None,
                        'lower': 0.125,
                        'noise': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [],
                                  'storage_offset': 0,
                                  'stride': [],
                                  'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True},
                        'training': True,
                        'upper': 1},
             'replay': {'call': "Call(aten::rrelu_with_noise.out: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [], 'device': 'cpu', 'layout': 'strided', 'stride': [], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [], 'storage_offset': 0}, "
                                "0.125, 1, True, None, out={'tensor': True, 'dtype': 'float32', 'shape': "
                                "[0], 'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': "
                                '0})',
                        'choices': '417f0041034101410f4106410741004101410041010141014105',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::rrelu_with_noise.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::rrelu_with_noise.out',
                        'example': 17}},
 'repro': {'op': 'aten::rrelu_with_noise.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}},
                    0.125,
                    1.0,
                    True,
                    None],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.zeros(1, dtype=torch.float32)
noise = torch.zeros(1, dtype=torch.float32)
out_ = torch.zeros(0, dtype=torch.float32)
torch.ops.aten.rrelu_with_noise.out(self, noise, 0.125, 1.0, True, None, out=out_)


EXPECTED = """dies with SIGSEGV
"""
