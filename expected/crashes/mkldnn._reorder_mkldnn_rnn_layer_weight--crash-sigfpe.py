# opprop crash repro: mkldnn::_reorder_mkldnn_rnn_layer_weight dies with SIGFPE (floating-point exception) in mkldnn::_reorder_mkldnn_rnn_layer_weight on torch 2.13.0+cpu.
# Run it with nothing but torch: python mkldnn._reorder_mkldnn_rnn_layer_weight--crash-sigfpe.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""mkldnn::_reorder_mkldnn_rnn_layer_weight dies with SIGFPE (floating-point exception) in mkldnn::_reorder_mkldnn_rnn_layer_weight on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'mkldnn::_reorder_mkldnn_rnn_layer_weight',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGFPE', 'op': 'mkldnn::_reorder_mkldnn_rnn_layer_weight'},
 'outcome_text': 'dies with SIGFPE (floating-point exception) in mkldnn::_reorder_mkldnn_rnn_layer_weight',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-05',
 'public': '',
 'frame': 'dnnl::impl::cpu::x64::rnn_brgemm_utils::rnn_brgemm_t::configure_brgemm (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'mkldnn::_reorder_mkldnn_rnn_layer_weight',
             'called_op': 'mkldnn::_reorder_mkldnn_rnn_layer_weight',
             'detail': {'example': 1, 'phase': 'example', 'signal': 'SIGFPE'},
             'inputs': {'batch_first': False,
                        'has_biases': False,
                        'hidden_size': 0,
                        'input_size': None,
                        'reverse': False,
                        'weight0': {'device': 'cpu',
                                    'dtype': 'float32',
                                    'layout': 'strided',
                                    'shape': [1, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1],
                                    'tensor': True},
                        'weight1': {'device': 'cpu',
                                    'dtype': 'float32',
                                    'layout': 'strided',
                                    'shape': [1, 1],
                                    'storage_offset': 0,
                                    'stride': [1, 1],
                                    'tensor': True}},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(mkldnn::_reorder_mkldnn_rnn_layer_weight: {'tensor': True, 'dtype': "
                                "'float32', 'shape': [1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1, 1], 'storage_offset': 0}, {'tensor': True, 'dtype': 'float32', 'shape': "
                                "[1, 1], 'device': 'cpu', 'layout': 'strided', 'stride': [1, 1], "
                                "'storage_offset': 0}, 0, False, False, False, None)",
                        'choices': '41004100410141004100410041000000004100',
                        'database_key': 'opprop-fuzz:mkldnn::_reorder_mkldnn_rnn_layer_weight',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'mkldnn::_reorder_mkldnn_rnn_layer_weight'}},
 'repro': {'op': 'mkldnn::_reorder_mkldnn_rnn_layer_weight',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}},
                    0,
                    False,
                    False,
                    False],
           'kwargs': {}}}

# ---- the repro ----
import torch

weight0 = torch.zeros(0, dtype=torch.float32)
weight1 = torch.zeros((), dtype=torch.float32)
torch.ops.mkldnn._reorder_mkldnn_rnn_layer_weight.default(weight0, weight1, 0, False, False, False)


EXPECTED = """dies with SIGFPE
"""
