# opprop crash repro: aten::_transform_bias_rescale_qkv dies with SIGFPE (floating-point exception) in aten::_transform_bias_rescale_qkv on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._transform_bias_rescale_qkv--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_transform_bias_rescale_qkv dies with SIGFPE (floating-point exception) in aten::_transform_bias_rescale_qkv on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_transform_bias_rescale_qkv',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::_transform_bias_rescale_qkv'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::_transform_bias_rescale_qkv',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_transform_bias_rescale_qkv',
             'called_op': 'aten::_transform_bias_rescale_qkv',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 13, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'num_heads': 0,
                        'qkv': {'device': 'cpu',
                                'dtype': 'bool',
                                'layout': 'strided',
                                'shape': [0, 1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1, 1],
                                'tensor': True},
                        'qkv_bias': {'device': 'cpu',
                                     'dtype': 'bool',
                                     'layout': 'strided',
                                     'shape': [1, 1, 1],
                                     'storage_offset': 0,
                                     'stride': [1, 1, 1],
                                     'tensor': True}},
             'replay': {'call': "Call(aten::_transform_bias_rescale_qkv: {'tensor': True, 'dtype': 'bool', "
                                "'shape': [0, 1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, "
                                "1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'bool', 'shape': [1, 1, "
                                "1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1, 1], "
                                "'storage_offset': 0}, 0)",
                        'choices': '412a0141000041004102410241014103410141034100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_transform_bias_rescale_qkv',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_transform_bias_rescale_qkv',
                        'example': 13}},
 'repro': {'op': 'aten::_transform_bias_rescale_qkv',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0, 1, 3], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [3], 'fill': 'zeros'}},
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

qkv = torch.zeros(0, 1, 3, dtype=torch.float32)
qkv_bias = torch.zeros(3, dtype=torch.float32)
torch.ops.aten._transform_bias_rescale_qkv.default(qkv, qkv_bias, 0)


EXPECTED = """dies with SIGFPE
"""
