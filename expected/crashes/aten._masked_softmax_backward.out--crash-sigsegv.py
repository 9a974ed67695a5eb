# opprop crash repro: aten::_masked_softmax_backward.out dies with SIGSEGV (segmentation fault) in aten::_masked_softmax_backward.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._masked_softmax_backward.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_masked_softmax_backward.out dies with SIGSEGV (segmentation fault) in aten::_masked_softmax_backward.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_masked_softmax_backward.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_masked_softmax_backward.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_masked_softmax_backward.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::masked_softmax_backward_cpu (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_masked_softmax_backward.out',
             'called_op': 'aten::_masked_softmax_backward.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 49, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': None,
                        'grad_output': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [1, 1, 1, 1],
                                        'storage_offset': 0,
                                        'stride': [1, 1, 1, 1],
                                        'tensor': True},
                        'mask': {'device': 'cpu',
                                 'dtype': 'bool',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1, 1],
                                 'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'output': {'device': 'cpu',
                                   'dtype': 'float32',
                                   'layout': 'strided',
                                   'shape': [0, 1, 1, 1],
                                   'storage_offset': 0,
                                   'stride': [1, 1, 1, 1],
                                   'tensor': True}},
             'replay': {'call': "Call(aten::_masked_softmax_backward.out: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [0, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'bool', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 0}, None, out={'tensor': True, "
                                "'dtype': 'float32', 'shape': [0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 0})",
                        'choices': '416b014101014106004100410141044100410141114112410241024105',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_masked_softmax_backward.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_masked_softmax_backward.out',
                        'example': 49}},
 'repro': {'op': 'aten::_masked_softmax_backward.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'bool', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad_output = torch.zeros((), dtype=torch.float32)
output = torch.zeros(0, dtype=torch.float32)
mask = torch.zeros((), dtype=torch.bool)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten._masked_softmax_backward.out(grad_output, output, mask, out=out_)


EXPECTED = """dies with SIGSEGV
"""
