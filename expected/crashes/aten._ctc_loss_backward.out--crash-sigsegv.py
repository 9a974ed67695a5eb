# opprop crash repro: aten::_ctc_loss_backward.out dies with SIGSEGV (segmentation fault) in aten::_ctc_loss_backward.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._ctc_loss_backward.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_ctc_loss_backward.out dies with SIGSEGV (segmentation fault) in aten::_ctc_loss_backward.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_ctc_loss_backward.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_ctc_loss_backward.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_ctc_loss_backward.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': 'at::native::{anonymous}::ctc_loss_backward_cpu_template (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_ctc_loss_backward.out',
             'called_op': 'aten::_ctc_loss_backward.out',
             'detail': {'example': 33, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'blank': 4,
                        'grad': {'device': 'cpu',
                                 'dtype': 'complex64',
                                 'layout': 'strided',
                                 'math_bit': 'conj',
                                 'shape': [5],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'input_lengths': [7, -1],
                        'log_alpha': {'device': 'cpu',
                                      'dtype': 'complex64',
                                      'layout': 'strided',
                                      'math_bit': 'conj',
                                      'shape': [5],
                                      'storage_offset': 0,
                                      'stride': [1],
                                      'tensor': True},
                        'log_probs': {'device': 'cpu',
                                      'dtype': 'float32',
                                      'layout': 'strided',
                                      'shape': [2, 3, 4, 5],
                                      'storage_offset': 0,
                                      'stride': [60, 1, 15, 3],
                                      'tensor': True},
                        'neg_log_likelihood': {'device': 'cpu',
                                               'dtype': 'complex64',
                                               'layout': 'strided',
                                               'math_bit': 'conj',
                                               'shape': [5],
                                               'storage_offset': 0,
                                               'stride': [1],
                                               'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'math_bit': 'conj',
                                'shape': [5],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'target_lengths': [],
                        'targets': {'device': 'cpu',
                                    'dtype': 'complex64',
                                    'layout': 'strided',
                                    'math_bit': 'conj',
                                    'shape': [5],
                                    'storage_offset': 0,
                                    'stride': [1],
                                    'tensor': True},
                        'zero_infinity': True},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_ctc_loss_backward.out: grad={'tensor': True, 'dtype': "
                                "'complex64', 'shape': [5], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1], 'storage_offset': 0, 'math_bit': 'conj'}, log_probs={'tensor': True, "
                                "'dtype': 'float32', 'shape': [2, 3, 4, 5], 'device': 'cpu', 'layout': "
                                "'strided', 'stride': [60, 1, 15, 3], 'storage_offset': 0}, "
                                "targets={'tensor': True, 'dtype': 'complex64', 'shape': [5], 'device': "
                                "'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0, 'math_bit': "
                                "'conj'}, input_lengths=[7, -1], target_lengths=[], "
                                "neg_log_likelihood={'tensor': True, 'dtype': 'complex64', 'shape': [5], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [1], 'storage_offset': 0, "
                                "'math_bit': 'conj'}, log_alpha={'tensor': True, 'dtype': 'complex64', "
                                "'shape': [5], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0, 'math_bit': 'conj'}, blank=4, zero_infinity=True, "
                                "out={'tensor': True, 'dtype': 'complex64', 'shape': [5], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1], 'storage_offset': 0, 'math_bit': "
                                "'conj'})",
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'crossing': 32,
                        'crossing_seed': 500,
                        'database_key': 'opprop-fuzz:aten::_ctc_loss_backward.out',
                        'target': 'aten::_ctc_loss_backward.out'}},
 'repro': {'op': 'aten::_ctc_loss_backward.out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0, 1, 0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    [0, -1],
                    [],
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    0],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

grad = torch.zeros((), dtype=torch.float32)
log_probs = torch.zeros(0, 1, 0, dtype=torch.float32)
targets = torch.zeros(0, dtype=torch.float32)
neg_log_likelihood = torch.zeros((), dtype=torch.float32)
log_alpha = torch.zeros((), dtype=torch.float32)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten._ctc_loss_backward.out(grad, log_probs, targets, [0, -1], [], neg_log_likelihood, log_alpha, 0, out=out_)


EXPECTED = """dies with SIGSEGV
"""
