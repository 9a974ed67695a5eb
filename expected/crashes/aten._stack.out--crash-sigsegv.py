# opprop crash repro: aten::_stack.out dies with SIGSEGV (segmentation fault) in aten::_stack.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._stack.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_stack.out dies with SIGSEGV (segmentation fault) in aten::_stack.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_stack.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_stack.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_stack.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::_stack_out_cpu (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_stack.out',
             'called_op': 'aten::_stack.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 13, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'bool',
                                'layout': 'strided',
                                'shape': [5],
                                'storage_offset': 1,
                                'stride': [1],
                                'tensor': True},
                        'tensors': []},
             'replay': {'call': "Call(aten::_stack.out: tensors=[], out={'tensor': True, 'dtype': 'bool', "
                                "'shape': [5], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 1})",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 40012,
                        'crossing_seed': 1000,
                        'database_key': 'opprop-fuzz:aten::_stack.out',
                        'target': 'aten::_stack.out',
                        'example': 13}},
 'repro': {'op': 'aten::_stack.out',
           'args': [[]],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten._stack.out([], out=out_)


EXPECTED = """dies with SIGSEGV
"""
