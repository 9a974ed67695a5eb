# opprop expect file: aten::lift_fresh breaks returns_input on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.lift_fresh--returns_input.py
# `opprop replay` checks what it prints against EXPECTED (at the end);
# `EXPECTTEST_ACCEPT=1 opprop replay` rewrites EXPECTED in place.
"""aten::lift_fresh breaks returns_input on torch 2.13.0+cpu.

Suggested fix: declare the alias in the schema, as reshape/contiguous do: aten::lift_fresh(Tensor(a) self) -> Tensor(a) (or return a fresh tensor, e.g. a clone, when self is not meant to be shared)
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::lift_fresh',
 'invariant': 'returns_input',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-02',
 'suggested_fix': 'declare the alias in the schema, as reshape/contiguous do: aten::lift_fresh(Tensor(a) '
                  'self) -> Tensor(a) (or return a fresh tensor, e.g. a clone, when self is not meant to be '
                  'shared)',
 'example': {'aten_op': 'aten::lift_fresh',
             'called_op': 'aten::lift_fresh',
             'invariant': 'returns_input',
             'output_index': 0,
             'detail': {'is_input': 'self'},
             'inputs': {'self': {'tensor': True,
                                 'dtype': 'float32',
                                 'shape': [6],
                                 'device': 'cpu',
                                 'layout': 'strided',
                                 'stride': [1],
                                 'storage_offset': 0}}},
 'repro': {'op': 'aten::lift_fresh',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}],
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
self = torch.zeros(0, dtype=torch.float32)
inputs = {'self': self}
before = {name: _snapshot(t) for name, t in inputs.items()}

out = torch.ops.aten.lift_fresh.default(self)
outputs = list(out) if isinstance(out, (list, tuple)) else [out]
del out
report('returns_input', outputs, inputs, before, may_alias=('self',), outputs_may_alias=True, mutable=())


EXPECTED = """\
output 0: float32[0] tensorimpl_use_count=1 python_refs=2 storageimpl_use_count=1
  is self: True, overlaps self: False
input self: unchanged
returns_input: reproduces
"""
