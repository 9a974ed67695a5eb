# opprop crash repro: aten::sub_.Tensor dies with SIGABRT (abort) in aten::sub_.Tensor on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.sub_.Tensor--crash-sigabrt.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::sub_.Tensor dies with SIGABRT (abort) in aten::sub_.Tensor on torch 2.13.0+cpu.

Public entry point: `self.sub_(other)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::sub_.Tensor',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGABRT', 'op': 'aten::sub_.Tensor'},
 'outcome_text': 'dies with SIGABRT (abort) in aten::sub_.Tensor',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'public': '`self.sub_(other)`',
 'frame': 'c10::TensorImpl::~TensorImpl (libc10.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::sub_.Tensor',
             'called_op': 'aten::sub_.Tensor',
             'detail': {'example': 8, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'alpha': 1,
                        'other': {'coalesced': True,
                                  'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'sparse_coo',
                                  'nnz': 9,
                                  'shape': [3, 3],
                                  'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [3, 3],
                                 'storage_offset': 1,
                                 'stride': [3, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::sub_.Tensor: {'tensor': True, 'dtype': 'float32', 'shape': [3, "
                                "3], 'device': 'cpu', 'layout': 'strided', 'stride': [3, 1], "
                                "'storage_offset': 1}, {'tensor': True, 'dtype': 'float32', 'shape': [3, 3], "
                                "'device': 'cpu', 'layout': 'sparse_coo', 'nnz': 9, 'coalesced': True}, "
                                'alpha=1)',
                        'choices': '410741024103410e410141044103',
                        'database_key': 'aten::sub_.Tensor',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::sub_.Tensor'}},
 'repro': {'op': 'aten::sub_.Tensor',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [3, 3],
                                'fill': 'arange',
                                'stride': [3, 1],
                                'offset': 1}},
                    {'tensor': {'dtype': 'float32',
                                'shape': [3, 3],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [2, 1],
                                                      'fill': 'values',
                                                      'values': [2, 2]}},
                                          {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'ones'}}],
                                'coalesced': True}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.as_strided(torch.arange(10, dtype=torch.float32), (3, 3), (3, 1), 1)
other = torch.sparse_coo_tensor(torch.tensor([2, 2], dtype=torch.int64).reshape(2, 1), torch.ones(1, dtype=torch.float32), (3, 3), is_coalesced=True)
torch.ops.aten.sub_.Tensor(self, other)


EXPECTED = """dies with SIGABRT
"""
