# opprop expect file: aten::set_.source_Tensor breaks undeclared_alias on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.set_.source_Tensor--undeclared_alias.py
# `opprop replay` checks what it prints against EXPECTED (at the end);
# `EXPECTTEST_ACCEPT=1 opprop replay` rewrites EXPECTED in place.
"""aten::set_.source_Tensor breaks undeclared_alias on torch 2.13.0+cpu.

Suggested fix: declare the alias in the schema, as reshape/contiguous do: aten::set_.source_Tensor(Tensor(a!) self, Tensor(a) source) -> Tensor(a!) (or return a fresh tensor, e.g. a clone, when source is not meant to be shared)
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::set_.source_Tensor',
 'invariant': 'undeclared_alias',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-03',
 'suggested_fix': 'declare the alias in the schema, as reshape/contiguous do: '
                  'aten::set_.source_Tensor(Tensor(a!) self, Tensor(a) source) -> Tensor(a!) (or return a '
                  'fresh tensor, e.g. a clone, when source is not meant to be shared)',
 'example': {'aten_op': 'aten::set_.source_Tensor',
             'called_op': 'aten::set_.source_Tensor',
             'invariant': 'undeclared_alias',
             'output_index': 0,
             'detail': {'overlaps': 'source'},
             'inputs': {'self': {'tensor': True,
                                 'dtype': 'float32',
                                 'shape': [1, 1],
                                 'device': 'cpu',
                                 'layout': 'strided',
                                 'stride': [1, 1],
                                 'storage_offset': 0},
                        'source': {'tensor': True,
                                   'dtype': 'float32',
                                   'shape': [1, 1],
                                   'device': 'cpu',
                                   'layout': 'strided',
                                   'stride': [1, 1],
                                   'storage_offset': 0}}},
 'repro': {'op': 'aten::set_.source_Tensor',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'float32', 'shape': [], 'fill': 'zeros'}}],
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


def report(invariant, outputs, inputs, before, state, facts):
    """Print what the op returned and did; the last line says whether the invariant still breaks."""
    seen = {"outputs": [], "inputs": {}}  # what was measured, for _breaks
    for j in range(len(outputs)):  # not enumerate(): it keeps its last tuple, a reference to t
        t = outputs[j]
        if t is None:
            print(f"output {j}: undefined")
            seen["outputs"].append(None)
            continue
        slots = sum(1 for o in outputs if o is t)
        use_count = t._use_count()
        refs = sys.getrefcount(t) - 2 - slots  # less getrefcount's argument, the loop name, this list's slots
        storage = _storage_use_count(t)
        print(f"output {j}: {str(t.dtype)[6:]}{list(t.shape)} tensorimpl_use_count={use_count} "
              f"python_refs={refs} storageimpl_use_count={storage}")
        measured = {"slots": slots, "use_count": use_count, "refs": refs, "storage": storage,
                    "is": set(), "overlaps": set(), "overlaps_outputs": set()}
        for name, x in inputs.items():
            same, overlap = t is x, _overlaps(t, x)
            print(f"  is {name}: {same}, overlaps {name}: {overlap}")
            if same:
                measured["is"].add(name)
            if same or overlap:
                measured["overlaps"].add(name)
        for k in range(j + 1, len(outputs)):
            u = outputs[k]
            if u is not None:
                overlap = u is t or _overlaps(t, u)
                print(f"  overlaps output {k}: {overlap}")
                if overlap:
                    measured["overlaps_outputs"].add(k)
        seen["outputs"].append(measured)
    t = u = None
    for name, x in inputs.items():
        changed = _changed(x, before[name])
        print(f"input {name}: {changed or 'unchanged'}")
        seen["inputs"][name] = changed
    broken = _breaks(outputs, inputs, before, state, facts, seen)
    print(f"{invariant}: " + ("reproduces" if broken else "gone (the op looks fixed)"))


# ---- how undeclared_alias is decided ----
def _state(inputs):
    return None  # this invariant records nothing before the call


def _breaks(outputs, inputs, before, state, facts, seen):
    for o in seen["outputs"]:
        if o is not None and (o["overlaps"] - set(facts["may_alias"]) or (o["overlaps_outputs"] and not facts["outputs_may_alias"])):
            return True
    return False


# ---- the minimal inputs ----
self = torch.zeros(0, dtype=torch.float32)
source = torch.zeros((), dtype=torch.float32)
inputs = {'self': self, 'source': source}
before = {name: _snapshot(t) for name, t in inputs.items()}
state = _state(inputs)

out = torch.ops.aten.set_.source_Tensor(self, source)
outputs = list(out) if isinstance(out, (list, tuple)) else [out]
del out
report('undeclared_alias', outputs, inputs, before, state, facts={'may_alias': ('self',), 'outputs_may_alias': True, 'mutable': ('self',)})


EXPECTED = """\
output 0: float32[] tensorimpl_use_count=1 python_refs=2 storageimpl_use_count=2
  is self: True, overlaps self: True
  is source: False, overlaps source: True
input self: size
input source: unchanged
undeclared_alias: reproduces
"""
