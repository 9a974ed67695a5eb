# opprop crash repro: aten::as_strided_scatter fails an internal assert in aten::as_strided_scatter: !self.requires_grad() || self.is_contiguous() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4754 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.as_strided_scatter--internal_assert-7dd13cce.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::as_strided_scatter fails an internal assert in aten::as_strided_scatter: !self.requires_grad() || self.is_contiguous() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4754 on torch 2.13.0+cpu.

Public entry point: `torch.as_strided_scatter(self, src, [0, 0], [0, 0])`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::as_strided_scatter',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': '!self.requires_grad() || self.is_contiguous() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4754',
             'op': 'aten::as_strided_scatter'},
 'outcome_text': 'fails an internal assert in aten::as_strided_scatter: !self.requires_grad() || '
                 'self.is_contiguous() INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4754',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.as_strided_scatter(self, src, [0, 0], [0, 0])`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'as_strided_scatter',
             'called_op': 'as_strided_scatter',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': '!self.requires_grad() || self.is_contiguous() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4754, please '
                                 'report a bug to PyTorch. as_strided_scatter is currently only supported '
                                 'for contiguous inputs',
                        'private': False},
             'inputs': {'arg0': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'requires_grad': True,
                                 'shape': [3, 3],
                                 'storage_offset': 0,
                                 'stride': [1, 3],
                                 'tensor': True},
                        'arg1': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'requires_grad': True,
                                 'shape': [2, 2],
                                 'storage_offset': 0,
                                 'stride': [2, 1],
                                 'tensor': True},
                        'arg2': [2, 2],
                        'arg3': [1, 2],
                        'storage_offset': 0},
             'replay': {'choices': '410041004102010000000141004100410141024101410041024101',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::as_strided_scatter',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::as_strided_scatter'}},
 'repro': {'op': 'aten::as_strided_scatter',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [2],
                                'fill': 'zeros',
                                'stride': [3],
                                'offset': 0,
                                'requires_grad': True}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    [0, 0],
                    [0, 0]],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.as_strided(torch.zeros(4, dtype=torch.float32), (2,), (3,), 0).requires_grad_()
src = torch.zeros((), dtype=torch.float32)
torch.ops.aten.as_strided_scatter.default(self, src, [0, 0], [0, 0])


EXPECTED = """internal assert: !self.requires_grad() || self.is_contiguous() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4754
"""
