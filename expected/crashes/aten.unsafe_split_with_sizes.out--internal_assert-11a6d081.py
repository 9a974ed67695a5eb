# opprop crash repro: aten::unsafe_split_with_sizes.out fails an internal assert in aten::unsafe_split_with_sizes.out: dst.size() == src.size() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.unsafe_split_with_sizes.out--internal_assert-11a6d081.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::unsafe_split_with_sizes.out fails an internal assert in aten::unsafe_split_with_sizes.out: dst.size() == src.size() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::unsafe_split_with_sizes.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'dst.size() == src.size() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063',
             'op': 'aten::unsafe_split_with_sizes.out'},
 'outcome_text': 'fails an internal assert in aten::unsafe_split_with_sizes.out: dst.size() == src.size() '
                 'INTERNAL ASSERT FAILED at '
                 '"/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::unsafe_split_with_sizes.out',
             'called_op': 'aten::unsafe_split_with_sizes.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'dst.size() == src.size() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063, '
                                 'please report a bug to PyTorch.',
                        'private': False},
             'inputs': {'dim': 0,
                        'out': [{'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True}],
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1],
                                 'tensor': True},
                        'split_sizes': [1, 0]},
             'replay': {'choices': '4102410141004100410141004100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::unsafe_split_with_sizes.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::unsafe_split_with_sizes.out'}},
 'repro': {'op': 'aten::unsafe_split_with_sizes.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}, [0, 0]],
           'kwargs': {'out': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}]}}}

# ---- the repro ----
import torch

self = torch.zeros(0, dtype=torch.float32)
out_ = [torch.zeros((), dtype=torch.float32)]
torch.ops.aten.unsafe_split_with_sizes.out(self, [0, 0], out=out_)


EXPECTED = """internal assert: dst.size() == src.size() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/build/aten/src/ATen/CompositeViewCopyKernels.cpp":3063
"""
