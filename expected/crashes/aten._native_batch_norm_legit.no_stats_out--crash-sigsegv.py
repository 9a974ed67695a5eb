# opprop crash repro: aten::_native_batch_norm_legit.no_stats_out dies with SIGSEGV (segmentation fault) in aten::_native_batch_norm_legit.no_stats_out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._native_batch_norm_legit.no_stats_out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_native_batch_norm_legit.no_stats_out dies with SIGSEGV (segmentation fault) in aten::_native_batch_norm_legit.no_stats_out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_native_batch_norm_legit.no_stats_out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_native_batch_norm_legit.no_stats_out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_native_batch_norm_legit.no_stats_out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::{anonymous}::batch_norm_cpu_collect_linear_and_constant_terms (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_native_batch_norm_legit.no_stats_out',
             'called_op': 'aten::_native_batch_norm_legit.no_stats_out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 8, 'phase': 'example', 'signal': 'SIGSEGV'},
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
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'save_invstd': {'device': 'cpu',
                                        'dtype': 'float32',
                                        'layout': 'strided',
                                        'shape': [0],
                                        'storage_offset': 0,
                                        'stride': [1],
                                        'tensor': True},
                        'save_mean': {'device': 'cpu',
                                      'dtype': 'float32',
                                      'layout': 'strided',
                                      'shape': [0],
                                      'storage_offset': 0,
                                      'stride': [1],
                                      'tensor': True},
                        'training': False,
                        'weight': None},
             'replay': {'call': "Call(aten::_native_batch_norm_legit.no_stats_out: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1], 'storage_offset': 0}, None, None, False, 0.1, 1e-05, out={'tensor': "
                                "True, 'dtype': 'float32', 'shape': [0], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1], 'storage_offset': 0}, save_mean={'tensor': True, "
                                "'dtype': 'float32', 'shape': [0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 0}, save_invstd={'tensor': True, 'dtype': "
                                "'float32', 'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1], 'storage_offset': 0})",
                        'choices': '4101410000410041004101410041004100410000410041004100',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_native_batch_norm_legit.no_stats_out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_native_batch_norm_legit.no_stats_out',
                        'example': 8}},
 'repro': {'op': 'aten::_native_batch_norm_legit.no_stats_out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    None,
                    None,
                    False,
                    0.0,
                    0.0],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                      'save_mean': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                      'save_invstd': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

input = torch.zeros(1, 1, dtype=torch.float32)
out_ = torch.zeros((), dtype=torch.float32)
save_mean = torch.zeros(0, dtype=torch.float32)
save_invstd = torch.zeros(0, dtype=torch.float32)
torch.ops.aten._native_batch_norm_legit.no_stats_out(input, None, None, False, 0.0, 0.0, out=out_, save_mean=save_mean, save_invstd=save_invstd)


EXPECTED = """dies with SIGSEGV
"""
