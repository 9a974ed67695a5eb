# opprop crash repro: aten::_nnpack_spatial_convolution.out dies with SIGSEGV (segmentation fault) in aten::_nnpack_spatial_convolution.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._nnpack_spatial_convolution.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_nnpack_spatial_convolution.out dies with SIGSEGV (segmentation fault) in aten::_nnpack_spatial_convolution.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_nnpack_spatial_convolution.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_nnpack_spatial_convolution.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_nnpack_spatial_convolution.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_nnpack_spatial_convolution.out',
             'called_op': 'aten::_nnpack_spatial_convolution.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 6, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'bias': None,
                        'input': {'device': 'cpu',
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
                        'padding': [0, 0],
                        'stride': [1, 1],
                        'weight': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [1],
                                   'storage_offset': 0,
                                   'stride': [1],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::_nnpack_spatial_convolution.out: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [], 'device': 'cpu', 'layout': 'strided', 'stride': [], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0}, "
                                "None, [0, 0], [1, 1], out={'tensor': True, 'dtype': 'float32', 'shape': "
                                "[0], 'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': "
                                '0})',
                        'choices': '414900410341034101410c41024101410341024101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_nnpack_spatial_convolution.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_nnpack_spatial_convolution.out',
                        'example': 6}},
 'repro': {'op': 'aten::_nnpack_spatial_convolution.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}},
                    None,
                    [0, 0],
                    [1, 1]],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

input = torch.zeros((), dtype=torch.float32)
weight = torch.zeros(1, dtype=torch.float32)
out_ = torch.zeros(0, dtype=torch.float32)
torch.ops.aten._nnpack_spatial_convolution.out(input, weight, None, [0, 0], [1, 1], out=out_)


EXPECTED = """dies with SIGSEGV
"""
