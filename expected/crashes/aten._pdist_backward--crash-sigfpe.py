# opprop crash repro: aten::_pdist_backward dies with SIGFPE (floating-point exception) in aten::_pdist_backward on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten._pdist_backward--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_pdist_backward dies with SIGFPE (floating-point exception) in aten::_pdist_backward on torch 2.13.0+cpu.

Public entry point: OpInfo `nn.functional.pdist` sample: Call(nn.functional.pdist: {'tensor': True, 'dtype': 'float64', 'shape': [0, 5], 'device': 'cpu', 'layout': 'strided', 'stride': [5, 1], 'storage_offset': 3, 'requires_grad': True})
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_pdist_backward',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'aten::_pdist_backward'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in aten::_pdist_backward',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-05',
 'public': "OpInfo `nn.functional.pdist` sample: Call(nn.functional.pdist: {'tensor': True, 'dtype': "
           "'float64', 'shape': [0, 5], 'device': 'cpu', 'layout': 'strided', 'stride': [5, 1], "
           "'storage_offset': 3, 'requires_grad': True})",
 'frame': 'at::native::{anonymous}::Dist::run_backward_parallel_pdist (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'nn.functional.pdist',
             'called_op': 'nn.functional.pdist',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 13, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'arg0': {'tensor': True,
                                 'dtype': 'float64',
                                 'shape': [0, 5],
                                 'device': 'cpu',
                                 'layout': 'strided',
                                 'stride': [5, 1],
                                 'storage_offset': 3,
                                 'requires_grad': True}},
             'replay': {'call': "Call(nn.functional.pdist: {'tensor': True, 'dtype': 'float64', 'shape': [0, "
                                "5], 'device': 'cpu', 'layout': 'strided', 'stride': [5, 1], "
                                "'storage_offset': 3, 'requires_grad': True})",
                        'choices': '410141030101000001014101410241034103',
                        'steer': None,
                        'database_key': 'opprop-fuzz:nn.functional.pdist',
                        'target': 'nn.functional.pdist'}},
 'repro': {'op': 'aten::_pdist_backward',
           'args': [{'tensor': {'dtype': 'float64', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float64', 'shape': [0, 4], 'fill': 'zeros'}},
                    1.0,
                    {'tensor': {'dtype': 'float64', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.zeros(0, dtype=torch.float64)
self = torch.zeros(0, 4, dtype=torch.float64)
pdist = torch.zeros((), dtype=torch.float64)
torch.ops.aten._pdist_backward.default(grad, self, 1.0, pdist)


EXPECTED = """dies with SIGFPE
"""
