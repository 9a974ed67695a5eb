# opprop crash repro: aten::reflection_pad1d.out fails an internal assert in aten::reflection_pad1d.out: self.is_quantized() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":80 on torch 2.13.0+cpu.
# Run it with torch and nothing else: python aten.reflection_pad1d.out--internal_assert-201a244a.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""aten::reflection_pad1d.out fails an internal assert in aten::reflection_pad1d.out: self.is_quantized() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":80 on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::reflection_pad1d.out',
 'invariant': 'internal_assert',
 'outcome': {'kind': 'assert',
             'what': 'self.is_quantized() INTERNAL ASSERT FAILED at '
                     '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":80',
             'op': 'aten::reflection_pad1d.out'},
 'outcome_text': 'fails an internal assert in aten::reflection_pad1d.out: self.is_quantized() INTERNAL '
                 'ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":80',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'aten::reflection_pad1d.out',
             'called_op': 'aten::reflection_pad1d.out',
             'invariant': 'internal_assert',
             'output_index': None,
             'detail': {'error': 'self.is_quantized() INTERNAL ASSERT FAILED at '
                                 '"/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":80, please '
                                 'report a bug to PyTorch. get_qtensorimpl: not a quantized tensor',
                        'private': False},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'padding': [0, 0],
                        'self': {'device': 'cpu',
                                 'dtype': 'quint8',
                                 'layout': 'strided',
                                 'qscheme': 'per_tensor_affine',
                                 'shape': [1, 1, 1],
                                 'storage_offset': 0,
                                 'stride': [1, 1, 1],
                                 'tensor': True}},
             'replay': {'choices': '41000041004100410141004104410041004100',
                        'corpus': '/tmp/snapS/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:aten::reflection_pad1d.out',
                        'steer': {'choices': {'dtype': {'torch.bfloat16': [1, 1],
                                                        'torch.bool': [5, 0],
                                                        'torch.complex64': [1, 1],
                                                        'torch.float16': [1, 1],
                                                        'torch.float32': [76, 65],
                                                        'torch.float64': [3, 2],
                                                        'torch.int32': [4, 2],
                                                        'torch.int8': [3, 2],
                                                        'torch.uint8': [3, 1]},
                                              'out.dtype': {'floating': [15, 13],
                                                            'same': [71, 62],
                                                            'torch.bool': [3, 0],
                                                            'torch.int64': [7, 0]},
                                              'self.kind': {'dense': [37, 27],
                                                            'has_live_view': [5, 5],
                                                            'is_view': [10, 6],
                                                            'quantized_per_channel': [6, 0],
                                                            'quantized_per_tensor': [30, 30],
                                                            'transposed': [9, 7]}},
                                  'total': [0, 0],
                                  'valid_rate': None},
                        'target': 'aten::reflection_pad1d.out'}},
 'repro': {'op': 'aten::reflection_pad1d.out',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [0],
                                'fill': 'zeros',
                                'quant': ['per_tensor', 'quint8', 1.0, 0]}},
                    [0, 0]],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}}}}

# ---- the repro ----
import torch

self = torch.quantize_per_tensor(torch.zeros(0, dtype=torch.float32), 1.0, 0, torch.quint8)
out_ = torch.zeros((), dtype=torch.float32)
torch.ops.aten.reflection_pad1d.out(self, [0, 0], out=out_)


EXPECTED = """internal assert: self.is_quantized() INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/quantized/Quantizer.cpp":80
"""
