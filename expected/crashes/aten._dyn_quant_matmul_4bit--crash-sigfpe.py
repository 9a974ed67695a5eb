# opprop crash repro: aten::_dyn_quant_matmul_4bit dies with SIGFPE (floating-point exception) in aten::_dyn_quant_matmul_4bit on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._dyn_quant_matmul_4bit--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_dyn_quant_matmul_4bit dies with SIGFPE (floating-point exception) in aten::_dyn_quant_matmul_4bit on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_dyn_quant_matmul_4bit',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::_dyn_quant_matmul_4bit'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::_dyn_quant_matmul_4bit',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_dyn_quant_matmul_4bit',
             'called_op': 'aten::_dyn_quant_matmul_4bit',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 1, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'block_size': 0,
                        'in_features': 0,
                        'inp': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [1, 1],
                                'storage_offset': 0,
                                'stride': [1, 1],
                                'tensor': True},
                        'out_features': 0,
                        'packed_weights': {'device': 'cpu',
                                           'dtype': 'float32',
                                           'layout': 'strided',
                                           'shape': [1, 1],
                                           'storage_offset': 0,
                                           'stride': [1, 1],
                                           'tensor': True}},
             'replay': {'call': "Call(aten::_dyn_quant_matmul_4bit: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [1, 1], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': "
                                '0}, 0, 0, 0)',
                        'choices': '410000410041004101410041004100410041004100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_dyn_quant_matmul_4bit',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_dyn_quant_matmul_4bit',
                        'example': 1}},
 'repro': {'op': 'aten::_dyn_quant_matmul_4bit',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    0,
                    0,
                    0],
           'kwargs': {}}}

# ---- the repro ----
import torch

inp = torch.zeros(1, 1, dtype=torch.float32)
packed_weights = torch.zeros(1, 1, dtype=torch.float32)
torch.ops.aten._dyn_quant_matmul_4bit.default(inp, packed_weights, 0, 0, 0)


EXPECTED = """dies with SIGFPE
"""
