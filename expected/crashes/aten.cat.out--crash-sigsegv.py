# opprop crash repro: aten::cat.out dies with SIGSEGV (segmentation fault) in aten::cat.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.cat.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::cat.out dies with SIGSEGV (segmentation fault) in aten::cat.out on torch 2.13.0+cpu.

Public entry point: `torch.cat([], out=out_)`
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::cat.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::cat.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::cat.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '`torch.cat([], out=out_)`',
 'frame': 'at::native::cat_out_quantized_cpu (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::cat.out',
             'called_op': 'aten::cat.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 28, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': 2,
                        'out': {'device': 'cpu',
                                'dtype': 'quint2x4',
                                'layout': 'strided',
                                'qscheme': 'per_tensor_affine',
                                'shape': [5],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'tensors': []},
             'replay': {'call': "Call(aten::cat.out: tensors=[], dim=2, out={'tensor': True, 'dtype': "
                                "'quint2x4', 'shape': [5], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1], 'storage_offset': 0, 'qscheme': 'per_tensor_affine'})",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 27,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::cat.out',
                        'target': 'aten::cat.out',
                        'example': 28}},
 'repro': {'op': 'aten::cat.out',
           'args': [[]],
           'kwargs': {'out': {'tensor': {'dtype': 'float32',
                                         'shape': [0],
                                         'fill': 'zeros',
                                         'quant': ['per_tensor', 'quint8', 1.0, 0]}}}}}

# ---- the repro ----
import torch

out_ = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
torch.ops.aten.cat.out([], out=out_)


EXPECTED = """dies with SIGSEGV
"""
