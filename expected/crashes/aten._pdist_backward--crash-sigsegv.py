# opprop crash repro: aten::_pdist_backward dies with SIGSEGV (segmentation fault) in aten::_pdist_backward on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten._pdist_backward--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_pdist_backward dies with SIGSEGV (segmentation fault) in aten::_pdist_backward on torch 2.13.0+cpu.

Public entry point: OpInfo `nn.functional.pdist` sample: Call(nn.functional.pdist: {'tensor': True, 'dtype': 'float64', 'shape': [0, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], 'storage_offset': 0, 'requires_grad': True})
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_pdist_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_pdist_backward'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_pdist_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-05',
 'public': "OpInfo `nn.functional.pdist` sample: Call(nn.functional.pdist: {'tensor': True, 'dtype': "
           "'float64', 'shape': [0, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
           "'storage_offset': 0, 'requires_grad': True})",
 'frame': 'at::native::{anonymous}::Dist::run_backward_parallel_pdist (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'nn.functional.pdist',
             'called_op': 'nn.functional.pdist',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 8, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'arg0': {'tensor': True,
                                 'dtype': 'float64',
                                 'shape': [0, 1],
                                 'device': 'cpu',
                                 'layout': 'strided',
                                 'stride': [1, 1],
                                 'storage_offset': 0,
                                 'requires_grad': True}},
             'replay': {'call': "Call(nn.functional.pdist: {'tensor': True, 'dtype': 'float64', 'shape': [0, "
                                "1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0, 'requires_grad': True})",
                        'choices': '410141020001000101014101',
                        'steer': None,
                        'database_key': 'opprop-fuzz:nn.functional.pdist',
                        'target': 'nn.functional.pdist'}},
 'repro': {'op': 'aten::_pdist_backward',
           'args': [{'tensor': {'dtype': 'float64', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float64', 'shape': [0, 1], 'fill': 'zeros'}},
                    1.0,
                    {'tensor': {'dtype': 'float64', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.zeros(0, dtype=torch.float64)
self = torch.zeros(0, 1, dtype=torch.float64)
pdist = torch.zeros((), dtype=torch.float64)
torch.ops.aten._pdist_backward.default(grad, self, 1.0, pdist)


EXPECTED = """dies with SIGSEGV
"""
