# opprop crash repro: aten::_foreach_copy dies with SIGSEGV (segmentation fault) in aten::_foreach_copy on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._foreach_copy--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_foreach_copy dies with SIGSEGV (segmentation fault) in aten::_foreach_copy on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_foreach_copy',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_foreach_copy'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_foreach_copy',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_foreach_copy',
             'called_op': 'aten::_foreach_copy',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 50, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'non_blocking': False,
                        'self': [{'device': 'cpu',
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
                                 'tensor': True}]},
             'replay': {'call': "Call(aten::_foreach_copy: [{'tensor': True, 'dtype': 'float32', 'shape': "
                                "[1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}], [{'tensor': True, 'dtype': 'float32', 'shape': [1, "
                                "1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                '0}], False)',
                        'choices': '410241084101410041004100410141014102',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_foreach_copy',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_foreach_copy',
                        'example': 50}},
 'repro': {'op': 'aten::_foreach_copy',
           'args': [[{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
                    [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                     {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
                    False],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = [torch.zeros((), dtype=torch.float32)]
src = [torch.zeros((), dtype=torch.float32), torch.zeros((), dtype=torch.float32)]
torch.ops.aten._foreach_copy.default(self, src, False)


EXPECTED = """dies with SIGSEGV
"""
