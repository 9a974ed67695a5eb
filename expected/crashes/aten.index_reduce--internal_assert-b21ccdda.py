# opprop crash repro: aten::index_reduce fails an internal assert in aten::index_reduce: iter.ninputs() == traits::arity INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":351 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.index_reduce--internal_assert-b21ccdda.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::index_reduce fails an internal assert in aten::index_reduce: iter.ninputs() == traits::arity INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":351 on torch 2.13.0+cpu.

Public entry point: OpInfo `index_reduce.prod` sample: Call(index_reduce.prod: {'tensor': True, 'dtype': 'float16', 'shape': [5, 5], 'device': 'cpu', 'layout': 'strided', 'stride': [5, 1], 'storage_offset': 0}, 1, {'tensor': True, 'dtype': 'int64', 'shape': [10], 'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float16', 'shape': [5, 10], 'device': 'cpu', 'layout': 'strided', 'stride': [0, 1], 'storage_offset': 0}, 'prod', include_self=True)
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::index_reduce',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'iter.ninputs() == traits::arity INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":351',
             'op': 'aten::index_reduce'},
 'outcome_text': 'fails an internal assert in aten::index_reduce: iter.ninputs() == traits::arity INTERNAL '
                 'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":351',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': "OpInfo `index_reduce.prod` sample: Call(index_reduce.prod: {'tensor': True, 'dtype': 'float16', "
           "'shape': [5, 5], 'device': 'cpu', 'layout': 'strided', 'stride': [5, 1], 'storage_offset': 0}, "
           "1, {'tensor': True, 'dtype': 'int64', 'shape': [10], 'device': 'cpu', 'layout': 'strided', "
           "'stride': [1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float16', 'shape': [5, 10], "
           "'device': 'cpu', 'layout': 'strided', 'stride': [0, 1], 'storage_offset': 0}, 'prod', "
           'include_self=True)',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::index_reduce',
             'called_op': 'index_reduce.prod',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'iter.ninputs() == traits::arity INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":351, please report '
                                 'a bug to PyTorch.',
                        'private': False},
             'inputs': {'arg0': {'device': 'cpu',
                                 'dtype': 'float16',
                                 'layout': 'strided',
                                 'shape': [5, 5],
                                 'storage_offset': 0,
                                 'stride': [5, 1],
                                 'tensor': True},
                        'arg1': 1,
                        'arg2': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [10],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'arg3': {'device': 'cpu',
                                 'dtype': 'float16',
                                 'layout': 'strided',
                                 'shape': [5, 10],
                                 'storage_offset': 0,
                                 'stride': [0, 1],
                                 'tensor': True},
                        'arg4': 'prod',
                        'include_self': True},
             'replay': {'choices': '410741040100000000410041024101410041024101410441024101',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:index_reduce.prod',
                        'steer': None,
                        'target': 'index_reduce.prod'}},
 'repro': {'op': 'aten::index_reduce',
           'args': [{'tensor': {'dtype': 'float16', 'shape': [5, 1], 'fill': 'zeros'}},
                    1,
                    {'tensor': {'dtype': 'int64', 'shape': [10], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float16',
                                'shape': [5, 10],
                                'fill': 'zeros',
                                'stride': [0, 1],
                                'offset': 0}},
                    'prod'],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros(5, 1, dtype=torch.float16)
index = torch.zeros(10, dtype=torch.int64)
source = torch.as_strided(torch.zeros(10, dtype=torch.float16), (5, 10), (0, 1), 0)
torch.ops.aten.index_reduce.default(self, 1, index, source, 'prod')


EXPECTED = """internal assert: iter.ninputs() == traits::arity INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":351
"""
