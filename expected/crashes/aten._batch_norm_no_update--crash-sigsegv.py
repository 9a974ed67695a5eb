# opprop crash repro: aten::_batch_norm_no_update dies with SIGSEGV (segmentation fault) in aten::_batch_norm_no_update on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._batch_norm_no_update--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_batch_norm_no_update dies with SIGSEGV (segmentation fault) in aten::_batch_norm_no_update on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_batch_norm_no_update',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_batch_norm_no_update'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_batch_norm_no_update',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_batch_norm_no_update',
             'called_op': 'aten::_batch_norm_no_update',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 1, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'bias': None,
                        'eps': 1e-05,
                        'input': {'device': 'cpu',
                                  'dtype': 'float32',
                                  'layout': 'strided',
                                  'shape': [1, 1],
                                  'storage_offset': 0,
                                  'stride': [1, 1],
                                  'tensor': True},
                        'momentum': 0.1,
                        'running_mean': None,
                        'running_var': None,
                        'weight': None},
             'replay': {'call': "Call(aten::_batch_norm_no_update: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, None, None, None, None, 0.1, 1e-05)",
                        'choices': '410000410041004101410041004100410041004100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_batch_norm_no_update',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_batch_norm_no_update',
                        'example': 1}},
 'repro': {'op': 'aten::_batch_norm_no_update',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    None,
                    None,
                    None,
                    None,
                    0.0,
                    0.0],
           'kwargs': {}}}

# ---- the repro ----
import torch

input = torch.zeros(1, 1, dtype=torch.float32)
torch.ops.aten._batch_norm_no_update.default(input, None, None, None, None, 0.0, 0.0)


EXPECTED = """dies with SIGSEGV
"""
