# opprop crash repro: aten::_chunk_cat.out dies with SIGSEGV (segmentation fault) in aten::_chunk_cat.out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten._chunk_cat.out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::_chunk_cat.out dies with SIGSEGV (segmentation fault) in aten::_chunk_cat.out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_chunk_cat.out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'aten::_chunk_cat.out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in aten::_chunk_cat.out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::_chunk_cat.out',
             'called_op': 'aten::_chunk_cat.out',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 66, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': 0,
                        'num_chunks': 2,
                        'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'tensors': [{'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'strided',
                                     'shape': [],
                                     'storage_offset': 0,
                                     'stride': [],
                                     'tensor': True},
                                    {'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'strided',
                                     'shape': [],
                                     'storage_offset': 0,
                                     'stride': [],
                                     'tensor': True},
                                    {'device': 'cpu',
                                     'dtype': 'float32',
                                     'layout': 'strided',
                                     'shape': [],
                                     'storage_offset': 0,
                                     'stride': [],
                                     'tensor': True}]},
             'replay': {'call': "Call(aten::_chunk_cat.out: [{'tensor': True, 'dtype': 'float32', 'shape': "
                                "[], 'device': 'cpu', 'layout': 'strided', 'stride': [], 'storage_offset': "
                                "0}, {'tensor': True, 'dtype': 'float32', 'shape': [], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [], 'storage_offset': 0}, {'tensor': True, "
                                "'dtype': 'float32', 'shape': [], 'device': 'cpu', 'layout': 'strided', "
                                "'stride': [], 'storage_offset': 0}], 0, 2, out={'tensor': True, 'dtype': "
                                "'float32', 'shape': [0], 'device': 'cpu', 'layout': 'strided', 'stride': "
                                "[1], 'storage_offset': 0})",
                        'choices': '4101410a0141000041014103410041034113410341024101',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::_chunk_cat.out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'aten::_chunk_cat.out',
                        'example': 66}},
 'repro': {'op': 'aten::_chunk_cat.out',
           'args': [[{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}], 0, 1],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

tensors = [torch.zeros((), dtype=torch.float32)]
out_ = torch.zeros(0, dtype=torch.float32)
torch.ops.aten._chunk_cat.out(tensors, 0, 1, out=out_)


EXPECTED = """dies with SIGSEGV
"""
