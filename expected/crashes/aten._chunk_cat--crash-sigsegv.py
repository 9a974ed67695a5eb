# opprop crash repro: aten::_chunk_cat dies with SIGSEGV (segmentation fault) in aten::_chunk_cat on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten._chunk_cat--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_chunk_cat dies with SIGSEGV (segmentation fault) in aten::_chunk_cat on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_chunk_cat',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_chunk_cat'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_chunk_cat',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'public': '',
 'frame': 'at::native::_pad_chunk (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': 'aten::_chunk_cat',
             'called_op': 'aten::_chunk_cat',
             'detail': {'example': 108, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': 0,
                        'num_chunks': 2,
                        'tensors': [{'device': 'cpu',
                                     'dtype': 'float16',
                                     'layout': 'strided',
                                     'shape': [],
                                     'storage_offset': 0,
                                     'stride': [],
                                     'tensor': True},
                                    {'device': 'cpu',
                                     'dtype': 'float16',
                                     'layout': 'strided',
                                     'shape': [],
                                     'storage_offset': 0,
                                     'stride': [],
                                     'tensor': True}]},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(aten::_chunk_cat: [{'tensor': True, 'dtype': 'float16', 'shape': [], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [], 'storage_offset': 0}, "
                                "{'tensor': True, 'dtype': 'float16', 'shape': [], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [], 'storage_offset': 0}], 0, 2)",
                        'choices': '4101410341024103410741024102',
                        'database_key': 'aten::_chunk_cat',
                        'target': 'aten::_chunk_cat'}},
 'repro': {'op': 'aten::_chunk_cat',
           'args': [[{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}], 0, 1],
           'kwargs': {}}}

# ---- the repro ----
import torch

tensors = [torch.zeros((), dtype=torch.float32)]
torch.ops.aten._chunk_cat.default(tensors, 0, 1)


EXPECTED = """dies with SIGSEGV
"""
