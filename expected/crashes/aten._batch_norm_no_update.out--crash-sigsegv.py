# opprop crash repro: aten::_batch_norm_no_update.out dies with SIGSEGV (segmentation fault) in aten::_batch_norm_no_update.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._batch_norm_no_update.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_batch_norm_no_update.out dies with SIGSEGV (segmentation fault) in aten::_batch_norm_no_update.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_batch_norm_no_update.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_batch_norm_no_update.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_batch_norm_no_update.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_batch_norm_no_update.out',
             'called_op': 'aten::_batch_norm_no_update.out',
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
                        'out0': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'out1': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'out2': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'out3': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'running_mean': None,
                        'running_var': None,
                        'weight': None},
             'replay': {'call': "Call(aten::_batch_norm_no_update.out: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, None, None, None, None, 0.1, 1e-05, out0={'tensor': "
                                "True, 'dtype': 'float32', 'shape': [0], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [1], 'storage_offset': 0}, out1={'tensor': True, "
                                "'dtype': 'float32', 'shape': [0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 0}, out2={'tensor': True, 'dtype': "
                                "'float32', 'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1], 'storage_offset': 0}, out3={'tensor': True, 'dtype': 'float32', "
                                "'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0})",
                        'choices': '4100004100410041014100410041004100410041004100410041004100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_batch_norm_no_update.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_batch_norm_no_update.out',
                        'example': 1}},
 'repro': {'op': 'aten::_batch_norm_no_update.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    None,
                    None,
                    None,
                    None,
                    0.0,
                    0.0],
           'kwargs': {'out0': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                      'out1': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                      'out2': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                      'out3': {'tensor': {'dtype': 'uint8', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

input = torch.zeros(1, 1, dtype=torch.float32)
out0 = torch.zeros(0, dtype=torch.float32)
out1 = torch.zeros(0, dtype=torch.float32)
out2 = torch.zeros(0, dtype=torch.float32)
out3 = torch.zeros(0, dtype=torch.uint8)
torch.ops.aten._batch_norm_no_update.out(input, None, None, None, None, 0.0, 0.0, out0=out0, out1=out1, out2=out2, out3=out3)


EXPECTED = """dies with SIGSEGV
"""
