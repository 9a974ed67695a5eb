# opprop crash repro: flex_lib::zeros_and_scatter fails an internal assert in flex_lib::zeros_and_scatter: ntensor >= 3 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python flex_lib.zeros_and_scatter--internal_assert-0c26d19a.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""flex_lib::zeros_and_scatter fails an internal assert in flex_lib::zeros_and_scatter: ntensor >= 3 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'flex_lib::zeros_and_scatter',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'ntensor >= 3 INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8',
             'op': 'flex_lib::zeros_and_scatter'},
 'outcome_text': 'fails an internal assert in flex_lib::zeros_and_scatter: ntensor >= 3 INTERNAL ASSERT '
                 'FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'flex_lib::zeros_and_scatter',
             'called_op': 'flex_lib::zeros_and_scatter',
             'detail': {'error': 'ntensor >= 3 INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'indices': [],
                        'shape': [7],
                        'vals': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [],
                                 'storage_offset': 0,
                                 'stride': [],
                                 'tensor': True}},
             'invariant': 'internal_assert',
             'output_index': None,
             'replay': {'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 37,
                        'crossing_seed': 500,
                        'target': 'flex_lib::zeros_and_scatter'}},
 'repro': {'op': 'flex_lib::zeros_and_scatter',
           'args': [[1], [], {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

# ---- the op under test, from torch._dynamo._trace_wrapped_higher_order_op ----
import torch._dynamo._trace_wrapped_higher_order_op  # registers flex_lib::zeros_and_scatter
# ---- end of the op's definition ----

vals = torch.zeros((), dtype=torch.float32)
torch.ops.flex_lib.zeros_and_scatter.default([1], [], vals)


EXPECTED = """internal assert: ntensor >= 3 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/cpu/IndexKernelUtils.h":8
"""
