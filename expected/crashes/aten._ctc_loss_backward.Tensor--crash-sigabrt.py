# opprop crash repro: aten::_ctc_loss_backward.Tensor dies with SIGABRT (abort) in aten::_ctc_loss_backward.Tensor on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._ctc_loss_backward.Tensor--crash-sigabrt.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_ctc_loss_backward.Tensor dies with SIGABRT (abort) in aten::_ctc_loss_backward.Tensor on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_ctc_loss_backward.Tensor',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGABRT', 'op': 'aten::_ctc_loss_backward.Tensor'},
 'outcome_text': 'dies with SIGABRT (abort) in aten::_ctc_loss_backward.Tensor',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_ctc_loss_backward.Tensor',
             'called_op': 'aten::_ctc_loss_backward.Tensor',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 31, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'blank': 0,
                        'grad': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [16],
                                 'storage_offset': 0,
                                 'stride': [1],
                                 'tensor': True},
                        'input_lengths': {'device': 'cpu',
                                          'dtype': 'int64',
                                          'layout': 'strided',
                                          'shape': [16],
                                          'storage_offset': 0,
                                          'stride': [1],
                                          'tensor': True},
                        'log_alpha': {'device': 'cpu',
                                      'dtype': 'float32',
                                      'layout': 'strided',
                                      'shape': [16, 50, 59],
                                      'storage_offset': 0,
                                      'stride': [2950, 59, 1],
                                      'tensor': True},
                        'log_probs': {'device': 'cpu',
                                      'dtype': 'float32',
                                      'layout': 'strided',
                                      'shape': [50, 16, 20],
                                      'storage_offset': 0,
                                      'stride': [320, 20, 1],
                                      'tensor': True},
                        'neg_log_likelihood': {'device': 'cpu',
                                               'dtype': 'float32',
                                               'layout': 'strided',
                                               'shape': [16],
                                               'storage_offset': 0,
                                               'stride': [1],
                                               'tensor': True},
                        'target_lengths': {'device': 'cpu',
                                           'dtype': 'int64',
                                           'layout': 'strided',
                                           'shape': [16],
                                           'storage_offset': 0,
                                           'stride': [1],
                                           'tensor': True},
                        'targets': {'device': 'cpu',
                                    'dtype': 'int64',
                                    'layout': 'strided',
                                    'shape': [16, 30],
                                    'storage_offset': 0,
                                    'stride': [30, 1],
                                    'tensor': True},
                        'zero_infinity': True},
             'replay': {'call': "Call(aten::_ctc_loss_backward.Tensor: {'tensor': True, 'dtype': 'float32', "
                                "'shape': [16], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [50, "
                                "16, 20], 'device': 'cpu', 'layout': 'strided', 'stride': [320, 20, 1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'int64', 'shape': [16, 30], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [30, 1], 'storage_offset': "
                                "0}, {'tensor': True, 'dtype': 'int64', 'shape': [16], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1], 'storage_offset': 0}, {'tensor': True, "
                                "'dtype': 'int64', 'shape': [16], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', "
                                "'shape': [16], 'device': 'cpu', 'layout': 'strided', 'stride': [1], "
                                "'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': [16, "
                                "50, 59], 'device': 'cpu', 'layout': 'strided', 'stride': [2950, 59, 1], "
                                "'storage_offset': 0}, 0, True)",
                        'choices': '4100410241034101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_ctc_loss_backward.Tensor',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_ctc_loss_backward.Tensor',
                        'example': 31}},
 'repro': {'op': 'aten::_ctc_loss_backward.Tensor',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'ones'}},
                    {'tensor': {'dtype': 'float32', 'shape': [10, 1, 2], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'int64', 'shape': [1, 5], 'fill': 'ones'}},
                    {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'values', 'values': [10]}},
                    {'tensor': {'dtype': 'int64', 'shape': [1], 'fill': 'values', 'values': [5]}},
                    {'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 10, 1], 'fill': 'zeros'}},
                    0,
                    False],
           'kwargs': {}}}

# ---- the repro ----
import torch

grad = torch.ones(1, dtype=torch.float32)
log_probs = torch.zeros(10, 1, 2, dtype=torch.float32)
targets = torch.ones(1, 5, dtype=torch.int64)
input_lengths = torch.tensor([10], dtype=torch.int64)
neg_log_likelihood = torch.zeros(1, dtype=torch.float32)
log_alpha = torch.zeros(1, 10, 1, dtype=torch.float32)
torch.ops.aten._ctc_loss_backward.Tensor(grad, log_probs, targets, input_lengths, torch.tensor([5], dtype=torch.int64), neg_log_likelihood, log_alpha, 0, False)


EXPECTED = """dies with SIGABRT
"""
