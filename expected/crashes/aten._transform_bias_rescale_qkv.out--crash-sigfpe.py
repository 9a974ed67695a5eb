# opprop crash repro: aten::_transform_bias_rescale_qkv.out dies with SIGFPE (floating-point exception) in aten::_transform_bias_rescale_qkv.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._transform_bias_rescale_qkv.out--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_transform_bias_rescale_qkv.out dies with SIGFPE (floating-point exception) in aten::_transform_bias_rescale_qkv.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_transform_bias_rescale_qkv.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::_transform_bias_rescale_qkv.out'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::_transform_bias_rescale_qkv.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::transform_bias_rescale_qkv_cpu (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_transform_bias_rescale_qkv.out',
             'called_op': 'aten::_transform_bias_rescale_qkv.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 9, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'num_heads': 0,
                        'out0': {'device': 'cpu',
                                 'dtype': 'int64',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'out1': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [1, 1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1, 1],
                                 'tensor': True},
                        'out2': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'qkv': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [1, 1, 1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1, 1, 1],
                                'tensor': True},
                        'qkv_bias': {'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'strided',
                                     'shape': [1, 1, 1, 1],
                                     'storage_offset': 0,
                                     'stride': [1, 1, 1, 1],
                                     'tensor': True}},
             'replay': {'call': "Call(aten::_transform_bias_rescale_qkv.out: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 0}, 0, out0={'tensor': True, "
                                "'dtype': 'int64', 'shape': [0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 0}, out1={'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1, 1, 1], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1, 1, 1, 1], 'storage_offset': 0}, out2={'tensor': True, "
                                "'dtype': 'float32', 'shape': [0], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 0})",
                        'choices': '4200970141080141060041024100410441034101410b41124100410241044101',
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_transform_bias_rescale_qkv.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_transform_bias_rescale_qkv.out',
                        'example': 9}},
 'repro': {'op': 'aten::_transform_bias_rescale_qkv.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 0, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    0],
           'kwargs': {'out0': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                      'out1': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                      'out2': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

qkv = torch.zeros(0, 0, 0, dtype=torch.float32)
qkv_bias = torch.zeros((), dtype=torch.float32)
out0 = torch.zeros((), dtype=torch.float32)
out1 = torch.zeros((), dtype=torch.float32)
out2 = torch.zeros((), dtype=torch.float32)
torch.ops.aten._transform_bias_rescale_qkv.out(qkv, qkv_bias, 0, out0=out0, out1=out1, out2=out2)


EXPECTED = """dies with SIGFPE
"""
