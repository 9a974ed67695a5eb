# opprop crash repro: aten::zeros dies with SIGABRT (abort) in aten::zeros on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.zeros--crash-sigabrt.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::zeros dies with SIGABRT (abort) in aten::zeros on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::zeros',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGABRT', 'op': 'aten::zeros'},
 'outcome_text': 'dies with SIGABRT (abort) in aten::zeros',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::cummaxmin_backward',
             'called_op': 'aten::cummaxmin_backward',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 22, 'phase': 'example', 'signal': 'SIGABRT'},
             'inputs': {'dim': 65537,
                        'grad': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': '_mkldnn',
                                 'shape': [5],
                                 'tensor': True},
                        'indices': {'device': 'cpu',
                                    'dtype': 'float32',
                                    'layout': '_mkldnn',
                                    'shape': [5],
                                    'tensor': True},
                        'input': {'device': 'cpu',
                                  'dtype': 'bfloat16',
                                  'layout': '_mkldnn',
                                  'shape': [2, 3, 4, 5],
                                  'tensor': True}},
             'replay': {'call': "Call(aten::cummaxmin_backward: grad={'tensor': True, 'dtype': 'float32', "
                                "'shape': [5], 'device': 'cpu', 'layout': '_mkldnn'}, input={'tensor': True, "
                                "'dtype': 'bfloat16', 'shape': [2, 3, 4, 5], 'device': 'cpu', 'layout': "
                                "'_mkldnn'}, indices={'tensor': True, 'dtype': 'float32', 'shape': [5], "
                                "'device': 'cpu', 'layout': '_mkldnn'}, dim=65537)",
                        'corpus': '/tmp/race3/opprop/data/seed_corpus',
                        'crossing': 21,
                        'crossing_seed': 0,
                        'database_key': 'opprop-fuzz:aten::cummaxmin_backward',
                        'target': 'aten::cummaxmin_backward',
                        'example': 22}},
 'repro': {'op': 'aten::zeros',
           'args': [[1, 1, 3, 5]],
           'kwargs': {'dtype': {'literal': 'torch.bfloat16'}, 'layout': {'literal': 'torch._mkldnn'}}},
 'repeat': 10}

# ---- the repro ----
import torch

for i in range(10):  # a later call meets the damage, or the half-made state, an earlier one left
    try:
        torch.ops.aten.zeros.default([1, 1, 3, 5], dtype=torch.bfloat16, layout=torch._mkldnn)
    except Exception:
        if i == 9:
            raise


EXPECTED = """dies with SIGABRT
"""
