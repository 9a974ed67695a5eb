# opprop crash repro: aten::_foreach_copy.out dies with SIGSEGV (segmentation fault) in aten::_foreach_copy.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._foreach_copy.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_foreach_copy.out dies with SIGSEGV (segmentation fault) in aten::_foreach_copy.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_foreach_copy.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_foreach_copy.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_foreach_copy.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_foreach_copy.out',
             'called_op': 'aten::_foreach_copy.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 23, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'non_blocking': False,
                        'out': [{'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                                {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True}],
                        'self': [{'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [1, 1],
                                  'storage_offset': 0,
                                  'stride': [1, 1],
                                  'tensor': True},
                                 {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [1, 1],
                                  'storage_offset': 0,
                                  'stride': [1, 1],
                                  'tensor': True}],
                        'src': [{'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                                {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                                {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True}]},
             'replay': {'call': "Call(aten::_foreach_copy.out: [{'tensor': True, 'dtype': 'float32', "
                                "'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                "0}], [{'tensor': True, 'dtype': 'float32', 'shape': [1, 1], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': 0}, "
                                "{'tensor': True, 'dtype': 'float32', 'shape': [1, 1], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1, 1], 'storage_offset': 0}, {'tensor': "
                                "True, 'dtype': 'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1, 1], 'storage_offset': 0}], False, out=[{'tensor': "
                                "True, 'dtype': 'float32', 'shape': [0], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1], 'storage_offset': 0}])",
                        'choices': '4103410641004101410b41024101410341024104',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_foreach_copy.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_foreach_copy.out',
                        'example': 23}},
 'repro': {'op': 'aten::_foreach_copy.out',
           'args': [[{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
                    [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                     {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
                    False],
           'kwargs': {'out': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}]}}}

# ---- the repro ----
import torch

self = [torch.zeros((), dtype=torch.float32)]
src = [torch.zeros((), dtype=torch.float32), torch.zeros((), dtype=torch.float32)]
out_ = [torch.zeros(0, dtype=torch.float32)]
torch.ops.aten._foreach_copy.out(self, src, False, out=out_)


EXPECTED = """dies with SIGSEGV
"""
