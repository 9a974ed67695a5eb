# opprop crash repro: aten::_stack dies with SIGSEGV (segmentation fault) in aten::_stack on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._stack--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_stack dies with SIGSEGV (segmentation fault) in aten::_stack on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_stack',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_stack'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_stack',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::TensorBase::options (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_stack',
             'called_op': 'aten::_stack',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 1, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'tensors': []},
             'replay': {'call': 'Call(aten::_stack: tensors=[])',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 0,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::_stack',
                        'target': 'aten::_stack',
                        'example': 1}},
 'repro': {'op': 'aten::_stack', 'args': [[]], 'kwargs': {}}}

# ---- the repro ----
import torch

torch.ops.aten._stack.default([])


EXPECTED = """dies with SIGSEGV
"""
