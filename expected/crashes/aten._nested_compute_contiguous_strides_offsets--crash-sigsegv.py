# opprop crash repro: aten::_nested_compute_contiguous_strides_offsets dies with SIGSEGV (segmentation fault) in aten::_nested_compute_contiguous_strides_offsets on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._nested_compute_contiguous_strides_offsets--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_nested_compute_contiguous_strides_offsets dies with SIGSEGV (segmentation fault) in aten::_nested_compute_contiguous_strides_offsets on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_nested_compute_contiguous_strides_offsets',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_nested_compute_contiguous_strides_offsets'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_nested_compute_contiguous_strides_offsets',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_nested_compute_contiguous_strides_offsets',
             'called_op': 'aten::_nested_compute_contiguous_strides_offsets',
             'detail': {'example': 358, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'nested_size': {'device': 'cpu',
                                        'dtype': 'int64',
                                        'layout': 'strided',
                                        'shape': [0, 3],
                                        'storage_offset': 1,
                                        'stride': [3, 1],
                                        'tensor': True}},
             'invariant': 'crash',
             'output_index': None},
 'repro': {'op': 'aten::_nested_compute_contiguous_strides_offsets',
           'args': [{'tensor': {'dtype': 'int64', 'shape': [0, 2], 'fill': 'values', 'values': []}}],
           'kwargs': {}}}

# ---- the repro ----
import torch

nested_size = torch.tensor([], dtype=torch.int64).reshape(0, 2)
torch.ops.aten._nested_compute_contiguous_strides_offsets.default(nested_size)


EXPECTED = """dies with SIGSEGV
"""
