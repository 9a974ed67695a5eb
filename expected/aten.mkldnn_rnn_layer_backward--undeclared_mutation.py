# opprop expect file: aten::mkldnn_rnn_layer_backward breaks undeclared_mutation on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.mkldnn_rnn_layer_backward--undeclared_mutation.py
# `opprop replay` checks what it prints against EXPECTED (at the end);
# `EXPECTTEST_ACCEPT=1 opprop replay` rewrites EXPECTED in place.
"""aten::mkldnn_rnn_layer_backward breaks undeclared_mutation on torch 2.13.0+cpu.

Suggested fix: argument 'workspace' changes (data): mark it Tensor(a!) in the schema, or stop writing it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::mkldnn_rnn_layer_backward',
 'invariant': 'undeclared_mutation',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'suggested_fix': "argument 'workspace' changes (data): mark it Tensor(a!) in the schema, or stop writing it",
 'example': {'aten_op': 'aten::mkldnn_rnn_layer_backward',
             'called_op': 'nn.LSTM',
             'invariant': 'undeclared_mutation',
             'output_index': None,
             'detail': {'argument': 'workspace', 'changed': 'data'},
             'inputs': {'input': {'tensor': True,
                                  'dtype': 'float32',
                                  'shape': [1, 1, 1],
                                  'device': 'cpu',
                                  'layout': 'strided',
                                  'stride': [1, 1, 1],
                                  'storage_offset': 0,
                                  'requires_grad': True},
                        'weight1': {'tensor': True,
                                    'dtype': 'float32',
                                    'shape': [4, 1],
                                    'device': 'cpu',
                                    'layout': 'strided',
                                    'stride': [1, 1],
                                    'storage_offset': 0,
                                    'requires_grad': True},
                        'weight2': {'tensor': True,
                                    'dtype': 'float32',
                                    'shape': [4, 1],
                                    'device': 'cpu',
                                    'layout': 'strided',
                                    'stride': [1, 1],
                                    'storage_offset': 0,
                                    'requires_grad': True},
                        'weight3': {'tensor': True,
                                    'dtype': 'float32',
                                    'shape': [4],
                                    'device': 'cpu',
                                    'layout': 'strided',
                                    'stride': [1],
                                    'storage_offset': 0,
                                    'requires_grad': True},
                        'weight4': {'tensor': True,
                                    'dtype': 'float32',
                                    'shape': [4],
                                    'device': 'cpu',
                                    'layout': 'strided',
                                    'stride': [1],
                                    'storage_offset': 0,
                                    'requires_grad': True},
                        'hx_': {'tensor': True,
                                'dtype': 'float32',
                                'shape': [1, 1],
                                'device': 'cpu',
                                'layout': 'strided',
                                'stride': [1, 1],
                                'storage_offset': 0},
                        'cx_tmp': {'tensor': True,
                                   'dtype': 'float32',
                                   'shape': [1, 1],
                                   'device': 'cpu',
                                   'layout': 'strided',
                                   'stride': [1, 1],
                                   'storage_offset': 0},
                        'output': {'tensor': True,
                                   'dtype': 'float32',
                                   'shape': [1, 1, 1],
                                   'device': 'cpu',
                                   'layout': 'strided',
                                   'stride': [1, 1, 1],
                                   'storage_offset': 0,
                                   'requires_grad': True},
                        'hy_': {'tensor': True,
                                'dtype': 'float32',
                                'shape': [1, 1],
                                'device': 'cpu',
                                'layout': 'strided',
                                'stride': [1, 1],
                                'storage_offset': 0,
                                'requires_grad': True},
                        'cy_': {'tensor': True,
                                'dtype': 'float32',
                                'shape': [1, 1],
                                'device': 'cpu',
                                'layout': 'strided',
                                'stride': [1, 1],
                                'storage_offset': 0,
                                'requires_grad': True},
                        'grad_output': {'tensor': True,
                                        'dtype': 'float32',
                                        'shape': [1, 1, 1],
                                        'device': 'cpu',
                                        'layout': 'strided',
                                        'stride': [1, 1, 1],
                                        'storage_offset': 0},
                        'grad_hy': {'tensor': True,
                                    'dtype': 'float32',
                                    'shape': [1, 1],
                                    'device': 'cpu',
                                    'layout': 'strided',
                                    'stride': [1, 1],
                                    'storage_offset': 0},
                        'grad_cy': {'tensor': True,
                                    'dtype': 'float32',
                                    'shape': [1, 1],
                                    'device': 'cpu',
                                    'layout': 'strided',
                                    'stride': [1, 1],
                                    'storage_offset': 0},
                        'reverse': False,
                        'mode': 2,
                        'hidden_size': 1,
                        'num_layers': 1,
                        'has_biases': True,
                        'train': True,
                        'bidirectional': False,
                        'batch_sizes': [],
                        'batch_first': False,
                        'workspace': {'tensor': True,
                                      'dtype': 'uint8',
                                      'shape': [28672],
                                      'device': 'cpu',
                                      'layout': 'strided',
                                      'stride': [1],
                                      'storage_offset': 0}}},
 'repro': {'op': 'aten::mkldnn_rnn_layer_backward',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [4, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [4, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [4], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [4], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [1, 1], 'fill': 'ones'}},
                    False,
                    2,
                    1,
                    1,
                    True,
                    True,
                    False,
                    [],
                    False,
                    {'tensor': {'dtype': 'uint8', 'shape': [28672], 'fill': 'zeros'}}],
           'kwargs': {}}}

import sys

import torch


def _storage_use_count(t):
    # read while a name holds the Python storage wrapper, which then holds one reference of its own
    # (a wrapper no name holds keeps it on some torch releases, 2.10 on, and not on others, 2.8)
    storage = t.untyped_storage()
    return torch._C._storage_Use_Count(storage._cdata) - 1


def _addresses(t):
    # every byte the tensor's elements occupy (exact, unlike torch._C._overlaps, which guesses True when unsure)
    size = t.element_size()
    n = t.untyped_storage().nbytes() // size
    index = torch.as_strided(torch.arange(n + 1), t.shape, t.stride(), t.storage_offset())
    base = t.untyped_storage().data_ptr()
    return {base + i * size + b for i in index.reshape(-1).tolist() for b in range(size)}


def _overlaps(a, b):
    if a.layout != torch.strided or b.layout != torch.strided:
        return False
    return bool(_addresses(a) & _addresses(b))


def _snapshot(t):
    return (t.size(), t.stride(), t.storage_offset(), t.untyped_storage().data_ptr(), t.clone())


def _changed(t, snapshot):
    size, stride, offset, ptr, data = snapshot
    if t.size() != size:
        return "size"
    if t.stride() != stride:
        return "stride"
    if t.storage_offset() != offset:
        return "storage_offset"
    if t.untyped_storage().data_ptr() != ptr:
        return "storage"
    if t.is_quantized:
        same = torch.equal(t.int_repr(), data.int_repr())
    else:
        same = torch.equal(t, data) or (t.is_floating_point() and bool(((t == data) | (t.isnan() & data.isnan())).all()))
    return None if same else "data"


def report(invariant, outputs, inputs, before, may_alias=(), outputs_may_alias=False, mutable=()):
    """Print what the op returned and did; the last line says whether the invariant still breaks."""
    broken = False
    for j in range(len(outputs)):  # not enumerate(): it keeps its last tuple, a reference to t
        t = outputs[j]
        if t is None:
            print(f"output {j}: undefined")
            continue
        slots = sum(1 for o in outputs if o is t)
        use_count = t._use_count()
        refs = sys.getrefcount(t) - 2 - slots  # less getrefcount's argument, the loop name, this list's slots
        storage = _storage_use_count(t)
        print(f"output {j}: {str(t.dtype)[6:]}{list(t.shape)} tensorimpl_use_count={use_count} "
              f"python_refs={refs} storageimpl_use_count={storage}")
        if invariant == "tensorimpl_use_count" and (use_count > 1 or refs > 0 or slots > 1):
            broken = True
        if invariant == "storageimpl_use_count" and storage > 1:
            broken = True
        for name, x in inputs.items():
            same, overlap = t is x, _overlaps(t, x)
            print(f"  is {name}: {same}, overlaps {name}: {overlap}")
            if invariant == "returns_input" and same:
                broken = True
            if invariant == "undeclared_alias" and (same or overlap) and name not in may_alias:
                broken = True
        for k in range(j + 1, len(outputs)):
            u = outputs[k]
            if u is not None:
                overlap = u is t or _overlaps(t, u)
                print(f"  overlaps output {k}: {overlap}")
                if invariant == "undeclared_alias" and overlap and not outputs_may_alias:
                    broken = True
    for name, x in inputs.items():
        changed = _changed(x, before[name])
        print(f"input {name}: {changed or 'unchanged'}")
        if invariant == "undeclared_mutation" and changed and name not in mutable:
            broken = True
    print(f"{invariant}: " + ("reproduces" if broken else "gone (the op looks fixed)"))


# ---- the minimal inputs ----
input = torch.zeros(1, 1, 1, dtype=torch.float32)
weight1 = torch.zeros(4, 1, dtype=torch.float32)
weight2 = torch.zeros(4, 1, dtype=torch.float32)
weight3 = torch.zeros(4, dtype=torch.float32)
weight4 = torch.zeros(4, dtype=torch.float32)
hx_ = torch.zeros(1, 1, dtype=torch.float32)
cx_tmp = torch.zeros(1, 1, dtype=torch.float32)
output = torch.zeros(1, 1, 1, dtype=torch.float32)
hy_ = torch.zeros(1, 1, dtype=torch.float32)
cy_ = torch.zeros(1, 1, dtype=torch.float32)
grad_output = torch.zeros(1, 1, 1, dtype=torch.float32)
grad_hy = torch.zeros(1, 1, dtype=torch.float32)
grad_cy = torch.ones(1, 1, dtype=torch.float32)
workspace = torch.zeros(28672, dtype=torch.uint8)
inputs = {'input': input, 'weight1': weight1, 'weight2': weight2, 'weight3': weight3, 'weight4': weight4, 'hx_': hx_, 'cx_tmp': cx_tmp, 'output': output, 'hy_': hy_, 'cy_': cy_, 'grad_output': grad_output, 'grad_hy': grad_hy, 'grad_cy': grad_cy, 'workspace': workspace}
before = {name: _snapshot(t) for name, t in inputs.items()}

out = torch.ops.aten.mkldnn_rnn_layer_backward.default(input, weight1, weight2, weight3, weight4, hx_, cx_tmp, output, hy_, cy_, grad_output, grad_hy, grad_cy, False, 2, 1, 1, True, True, False, [], False, workspace)
outputs = list(out) if isinstance(out, (list, tuple)) else [out]
del out
report('undeclared_mutation', outputs, inputs, before, may_alias=(), outputs_may_alias=False, mutable=())


EXPECTED = """\
output 0: float32[1, 1, 1] tensorimpl_use_count=1 python_refs=0 storageimpl_use_count=1
  is input: False, overlaps input: False
  is weight1: False, overlaps weight1: False
  is weight2: False, overlaps weight2: False
  is weight3: False, overlaps weight3: False
  is weight4: False, overlaps weight4: False
  is hx_: False, overlaps hx_: False
  is cx_tmp: False, overlaps cx_tmp: False
  is output: False, overlaps output: False
  is hy_: False, overlaps hy_: False
  is cy_: False, overlaps cy_: False
  is grad_output: False, overlaps grad_output: False
  is grad_hy: False, overlaps grad_hy: False
  is grad_cy: False, overlaps grad_cy: False
  is workspace: False, overlaps workspace: False
  overlaps output 1: False
  overlaps output 2: False
  overlaps output 3: False
  overlaps output 4: False
  overlaps output 5: False
  overlaps output 6: False
output 1: float32[4, 1] tensorimpl_use_count=1 python_refs=0 storageimpl_use_count=1
  is input: False, overlaps input: False
  is weight1: False, overlaps weight1: False
  is weight2: False, overlaps weight2: False
  is weight3: False, overlaps weight3: False
  is weight4: False, overlaps weight4: False
  is hx_: False, overlaps hx_: False
  is cx_tmp: False, overlaps cx_tmp: False
  is output: False, overlaps output: False
  is hy_: False, overlaps hy_: False
  is cy_: False, overlaps cy_: False
  is grad_output: False, overlaps grad_output: False
  is grad_hy: False, overlaps grad_hy: False
  is grad_cy: False, overlaps grad_cy: False
  is workspace: False, overlaps workspace: False
  overlaps output 2: False
  overlaps output 3: False
  overlaps output 4: False
  overlaps output 5: False
  overlaps output 6: False
output 2: float32[4, 1] tensorimpl_use_count=1 python_refs=0 storageimpl_use_count=1
  is input: False, overlaps input: False
  is weight1: False, overlaps weight1: False
  is weight2: False, overlaps weight2: False
  is weight3: False, overlaps weight3: False
  is weight4: False, overlaps weight4: False
  is hx_: False, overlaps hx_: False
  is cx_tmp: False, overlaps cx_tmp: False
  is output: False, overlaps output: False
  is hy_: False, overlaps hy_: False
  is cy_: False, overlaps cy_: False
  is grad_output: False, overlaps grad_output: False
  is grad_hy: False, overlaps grad_hy: False
  is grad_cy: False, overlaps grad_cy: False
  is workspace: False, overlaps workspace: False
  overlaps output 3: False
  overlaps output 4: False
  overlaps output 5: False
  overlaps output 6: False
output 3: float32[4] tensorimpl_use_count=1 python_refs=0 storageimpl_use_count=1
  is input: False, overlaps input: False
  is weight1: False, overlaps weight1: False
  is weight2: False, overlaps weight2: False
  is weight3: False, overlaps weight3: False
  is weight4: False, overlaps weight4: False
  is hx_: False, overlaps hx_: False
  is cx_tmp: False, overlaps cx_tmp: False
  is output: False, overlaps output: False
  is hy_: False, overlaps hy_: False
  is cy_: False, overlaps cy_: False
  is grad_output: False, overlaps grad_output: False
  is grad_hy: False, overlaps grad_hy: False
  is grad_cy: False, overlaps grad_cy: False
  is workspace: False, overlaps workspace: False
  overlaps output 4: False
  overlaps output 5: False
  overlaps output 6: False
output 4: float32[4] tensorimpl_use_count=1 python_refs=0 storageimpl_use_count=1
  is input: False, overlaps input: False
  is weight1: False, overlaps weight1: False
  is weight2: False, overlaps weight2: False
  is weight3: False, overlaps weight3: False
  is weight4: False, overlaps weight4: False
  is hx_: False, overlaps hx_: False
  is cx_tmp: False, overlaps cx_tmp: False
  is output: False, overlaps output: False
  is hy_: False, overlaps hy_: False
  is cy_: False, overlaps cy_: False
  is grad_output: False, overlaps grad_output: False
  is grad_hy: False, overlaps grad_hy: False
  is grad_cy: False, overlaps grad_cy: False
  is workspace: False, overlaps workspace: False
  overlaps output 5: False
  overlaps output 6: False
output 5: float32[1, 1] tensorimpl_use_count=1 python_refs=0 storageimpl_use_count=1
  is input: False, overlaps input: False
  is weight1: False, overlaps weight1: False
  is weight2: False, overlaps weight2: False
  is weight3: False, overlaps weight3: False
  is weight4: False, overlaps weight4: False
  is hx_: False, overlaps hx_: False
  is cx_tmp: False, overlaps cx_tmp: False
  is output: False, overlaps output: False
  is hy_: False, overlaps hy_: False
  is cy_: False, overlaps cy_: False
  is grad_output: False, overlaps grad_output: False
  is grad_hy: False, overlaps grad_hy: False
  is grad_cy: False, overlaps grad_cy: False
  is workspace: False, overlaps workspace: False
  overlaps output 6: False
output 6: float32[1, 1] tensorimpl_use_count=1 python_refs=1 storageimpl_use_count=1
  is input: False, overlaps input: False
  is weight1: False, overlaps weight1: False
  is weight2: False, overlaps weight2: False
  is weight3: False, overlaps weight3: False
  is weight4: False, overlaps weight4: False
  is hx_: False, overlaps hx_: False
  is cx_tmp: False, overlaps cx_tmp: False
  is output: False, overlaps output: False
  is hy_: False, overlaps hy_: False
  is cy_: False, overlaps cy_: False
  is grad_output: False, overlaps grad_output: False
  is grad_hy: False, overlaps grad_hy: False
  is grad_cy: False, overlaps grad_cy: False
  is workspace: False, overlaps workspace: False
input input: unchanged
input weight1: unchanged
input weight2: unchanged
input weight3: unchanged
input weight4: unchanged
input hx_: unchanged
input cx_tmp: unchanged
input output: unchanged
input hy_: unchanged
input cy_: unchanged
input grad_output: unchanged
input grad_hy: unchanged
input grad_cy: unchanged
input workspace: data
undeclared_mutation: reproduces
"""
