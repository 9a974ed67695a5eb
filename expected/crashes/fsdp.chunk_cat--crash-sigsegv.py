# opprop crash repro: fsdp::chunk_cat dies with SIGSEGV (segmentation fault) in fsdp::chunk_cat on torch 2.13.0+cpu.
# Run it with torch and nothing else: python fsdp.chunk_cat--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""fsdp::chunk_cat dies with SIGSEGV (segmentation fault) in fsdp::chunk_cat on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'fsdp::chunk_cat',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'fsdp::chunk_cat'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in fsdp::chunk_cat',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'fsdp::chunk_cat',
             'called_op': 'fsdp::chunk_cat',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 7, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dim': 0,
                        'num_chunks': 1,
                        'out': {'device': 'cpu',
                                'dtype': 'int64',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'tensors': [{'device': 'cpu',
                                     'dtype': 'uint8',
                                     'layout': 'strided',
                                     'shape': [],
                                     'storage_offset': 0,
                                     'stride': [],
                                     'tensor': True}]},
             'replay': {'call': "Call(fsdp::chunk_cat: [{'tensor': True, 'dtype': 'uint8', 'shape': [], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [], 'storage_offset': 0}], "
                                "0, 1, out={'tensor': True, 'dtype': 'int64', 'shape': [0], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1], 'storage_offset': 0})",
                        'choices': '41110141000041004103410241034108410141014102',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:fsdp::chunk_cat',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'fsdp::chunk_cat',
                        'example': 7}},
 'repro': {'op': 'fsdp::chunk_cat',
           'args': [[{'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}], 0, 1],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

# ---- the op under test, from torch.distributed.fsdp ----
import torch.distributed.fsdp  # registers fsdp::chunk_cat
# ---- end of the op's definition ----

tensors = [torch.zeros((), dtype=torch.float32)]
out_ = torch.zeros(0, dtype=torch.float32)
torch.ops.fsdp.chunk_cat.default(tensors, 0, 1, out=out_)


EXPECTED = """dies with SIGSEGV
"""
