# opprop expect file: aten::native_batch_norm breaks undeclared_mutation on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.native_batch_norm--undeclared_mutation.py
# `opprop replay` checks what it prints against EXPECTED (at the end);
# `EXPECTTEST_ACCEPT=1 opprop replay` rewrites EXPECTED in place.
"""aten::native_batch_norm breaks undeclared_mutation on torch 2.13.0+cpu.

Suggested fix: argument 'running_var' changes (data): mark it Tensor(a!) in the schema, or stop writing it
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::native_batch_norm',
 'invariant': 'undeclared_mutation',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-02',
 'suggested_fix': "argument 'running_var' changes (data): mark it Tensor(a!) in the schema, or stop writing "
                  'it',
 'example': {'aten_op': 'aten::native_batch_norm',
             'called_op': 'nn.functional.batch_norm',
             'invariant': 'undeclared_mutation',
             'output_index': None,
             'detail': {'argument': 'running_mean', 'changed': 'data'},
             'inputs': {'input': {'tensor': True,
                                  'dtype': 'bfloat16',
                                  'shape': [5, 5, 5],
                                  'device': 'cpu',
                                  'layout': 'strided',
                                  'stride': [25, 5, 1],
                                  'storage_offset': 0},
                        'weight': {'tensor': True,
                                   'dtype': 'bfloat16',
                                   'shape': [5],
                                   'device': 'cpu',
                                   'layout': 'strided',
                                   'stride': [1],
                                   'storage_offset': 0},
                        'bias': {'tensor': True,
                                 'dtype': 'bfloat16',
                                 'shape': [5],
                                 'device': 'cpu',
                                 'layout': 'strided',
                                 'stride': [1],
                                 'storage_offset': 0},
                        'running_mean': {'tensor': True,
                                         'dtype': 'bfloat16',
                                         'shape': [5],
                                         'device': 'cpu',
                                         'layout': 'strided',
                                         'stride': [1],
                                         'storage_offset': 0},
                        'running_var': {'tensor': True,
                                        'dtype': 'bfloat16',
                                        'shape': [5],
                                        'device': 'cpu',
                                        'layout': 'strided',
                                        'stride': [1],
                                        'storage_offset': 0},
                        'training': True,
                        'momentum': 0.5,
                        'eps': 0.6}},
 'repro': {'op': 'aten::native_batch_norm',
           'args': [{'tensor': {'dtype': 'bfloat16', 'shape': [1, 1], 'fill': 'zeros'}},
                    None,
                    None,
                    {'tensor': {'dtype': 'bfloat16', 'shape': [1], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'bfloat16', 'shape': [1], 'fill': 'zeros'}},
                    True,
                    0.0,
                    0.6],
           'kwargs': {}}}

import sys

import torch


def _storage_use_count(t):
    # read while a name holds the Python storage wrapper, which then holds one reference of its own
    # (a wrapper no name holds keeps it on some torch releases, 2.10 on, and not on others, 2.8)
    storage = t.untyped_storage()
    return torch._C._storage_Use_Count(storage._cdata) - 1


def _overlaps(a, b):
    try:
        return bool(torch._C._overlaps(a, b))
    except RuntimeError:
        return False


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
input = torch.zeros(1, 1, dtype=torch.bfloat16)
running_mean = torch.zeros(1, dtype=torch.bfloat16)
running_var = torch.zeros(1, dtype=torch.bfloat16)
inputs = {'input': input, 'running_mean': running_mean, 'running_var': running_var}
before = {name: _snapshot(t) for name, t in inputs.items()}

out = torch.ops.aten.native_batch_norm.default(input, None, None, running_mean, running_var, True, 0.0, 0.6)
outputs = list(out) if isinstance(out, (list, tuple)) else [out]
del out
report('undeclared_mutation', outputs, inputs, before, may_alias=(), outputs_may_alias=False, mutable=())


EXPECTED = """\
output 0: bfloat16[1, 1] tensorimpl_use_count=1 python_refs=0 storageimpl_use_count=1
  is input: False, overlaps input: False
  is running_mean: False, overlaps running_mean: False
  is running_var: False, overlaps running_var: False
  overlaps output 1: False
  overlaps output 2: False
output 1: bfloat16[1] tensorimpl_use_count=1 python_refs=0 storageimpl_use_count=1
  is input: False, overlaps input: False
  is running_mean: False, overlaps running_mean: False
  is running_var: False, overlaps running_var: False
  overlaps output 2: False
output 2: bfloat16[1] tensorimpl_use_count=1 python_refs=1 storageimpl_use_count=1
  is input: False, overlaps input: False
  is running_mean: False, overlaps running_mean: False
  is running_var: False, overlaps running_var: False
input input: unchanged
input running_mean: unchanged
input running_var: data
undeclared_mutation: reproduces
"""
