# opprop crash repro: aten::_sobol_engine_initialize_state_ dies with SIGSEGV (segmentation fault) in aten::_sobol_engine_initialize_state_ on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._sobol_engine_initialize_state_--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_sobol_engine_initialize_state_ dies with SIGSEGV (segmentation fault) in aten::_sobol_engine_initialize_state_ on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_sobol_engine_initialize_state_',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_sobol_engine_initialize_state_'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_sobol_engine_initialize_state_',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'at::native::_sobol_engine_initialize_state_ (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_sobol_engine_initialize_state_',
             'called_op': 'aten::_sobol_engine_initialize_state_',
             'detail': {'example': 72, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dimension': 0,
                        'self': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_sobol_engine_initialize_state_: {'tensor': True, 'dtype': "
                                "'int64', 'shape': [0, 3], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[3, 1], 'storage_offset': 0}, 0)",
                        'choices': '4148014100004100410041004103410241004100',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_sobol_engine_initialize_state_',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_sobol_engine_initialize_state_'}},
 'repro': {'op': 'aten::_sobol_engine_initialize_state_',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [0, 0], 'fill': 'zeros'}}, 0],
           'kwargs': {}}}

# ---- the repro ----
import torch

self = torch.zeros(0, 0, dtype=torch.int64)
torch.ops.aten._sobol_engine_initialize_state_.default(self, 0)


EXPECTED = """dies with SIGSEGV
"""
