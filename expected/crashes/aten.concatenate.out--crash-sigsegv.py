# opprop crash repro: aten::concatenate.out dies with SIGSEGV (segmentation fault) in aten::concatenate.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.concatenate.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::concatenate.out dies with SIGSEGV (segmentation fault) in aten::concatenate.out on torch 2.13.0+cpu.

Public entry point: `torch.concatenate(tensors, out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::concatenate.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::concatenate.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::concatenate.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.concatenate(tensors, out=out_)`',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::concatenate.out',
             'called_op': 'aten::concatenate.out',
             'detail': {'example': 76, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': -1,
                        'out': {'device': 'cpu',
                                'dtype': 'qint8',
                                'layout': 'strided',
                                'qscheme': 'per_tensor_affine',
                                'shape': [3, 4],
                                'storage_offset': 0,
                                'stride': [4, 1],
                                'tensor': True},
                        'tensors': []},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::concatenate.out',
           'args': [[], 0],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [3, 4],
                                         'fill': 'values',
                                         'values': [0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0,
                                                    0.0],
                                         'quant': ['per_tensor', 'qint8', 0.1, 0]}}}}}

# ---- the repro ----
import torch

out_ = torch.quantize_per_tensor(torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], dtype=torch.float32).reshape(3, 4), 0.1, 0, torch.qint8)
torch.ops.aten.concatenate.out([], 0, out=out_)


EXPECTED = """dies with SIGSEGV
"""
