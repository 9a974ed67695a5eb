# opprop crash repro: aten::index.Tensor_out fails an internal assert in aten::index.Tensor_out: ntensor >= 3 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.index.Tensor_out--internal_assert-0c26d19a.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::index.Tensor_out fails an internal assert in aten::index.Tensor_out: ntensor >= 3 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::index.Tensor_out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'ntensor >= 3 INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8',
             'op': 'aten::index.Tensor_out'},
 'outcome_text': 'fails an internal assert in aten::index.Tensor_out: ntensor >= 3 INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::index.Tensor_out',
             'called_op': 'aten::index.Tensor_out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'ntensor >= 3 INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'indices': [None],
                        'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [3, 4],
                                'storage_offset': 0,
                                'stride': [4, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [3, 4],
                                 'storage_offset': 0,
                                 'stride': [4, 1],
                                 'tensor': True}},
             'replay': {'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 0,
                        'crossing_seed': 0,
                        'target': 'aten::index.Tensor_out'}},
 'repro': {'op': 'aten::index.Tensor_out',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'zeros'}}, [None]],
           'kwargs': {'out': {'tensor': {'dtype': 'int64', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.zeros(1, dtype=torch.int64)
out_ = torch.zeros((), dtype=torch.int64)
torch.ops.aten.index.Tensor_out(self, [None], out=out_)


EXPECTED = """internal assert: ntensor >= 3 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8
"""
