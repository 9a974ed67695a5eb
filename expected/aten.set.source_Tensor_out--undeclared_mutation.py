# opprop expect file: aten::set.source_Tensor_out breaks undeclared_mutation on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten.set.source_Tensor_out--undeclared_mutation.py
# `opprop replay` checks what it prints against EXPECTED (at the end);
# `EXPECTTEST_ACCEPT=1 opprop replay` rewrites EXPECTED in place.
"""aten::set.source_Tensor_out breaks undeclared_mutation on torch 2.13.0+cpu.

Suggested fix: argument 'source' changes (storage): mark it Tensor(a!) in the schema, or stop writing it
Proven fix: aten::set.source_Tensor_out(Tensor self, Tensor(b!) source, *, Tensor(a!) out) -> Tensor(a!) [verified]
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::set.source_Tensor_out',
 'invariant': 'undeclared_mutation',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'suggested_fix': "argument 'source' changes (storage): mark it Tensor(a!) in the schema, or stop writing it",
 'fix': {'fix': 'aten::set.source_Tensor_out(Tensor self, Tensor(b!) source, *, Tensor(a!) out) -> '
                'Tensor(a!)',
         'verdict': 'verified',
         'why': '',
         'diff': '-  func: set.source_Tensor_out(Tensor self, Tensor source, *, Tensor(a!) out) -> '
                 'Tensor(a!)\n'
                 '+  func: set.source_Tensor_out(Tensor self, Tensor(b!) source, *, Tensor(a!) out) -> '
                 'Tensor(a!)'},
 'example': {'aten_op': 'aten::set.source_Tensor_out',
             'called_op': 'aten::set.source_Tensor_out',
             'invariant': 'undeclared_mutation',
             'output_index': None,
             'detail': {'argument': 'source', 'changed': 'storage'},
             'inputs': {'out': {'device': 'cpu',
                                'dtype': 'float32',
                                'layout': 'strided',
                                'shape': [3, 4],
                                'storage_offset': 0,
                                'stride': [4, 1],
                                'tensor': True},
                        'self': {'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'strided',
                                 'shape': [0, 3],
                                 'storage_offset': 0,
                                 'stride': [3, 1],
                                 'tensor': True},
                        'source': {'device': 'cpu',
                                   'dtype': 'int8',
                                   'layout': 'strided',
                                   'shape': [3, 4],
                                   'storage_offset': 0,
                                   'stride': [4, 1],
                                   'tensor': True}}},
 'repro': {'op': 'aten::set.source_Tensor_out',
           'args': [{'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}},
                    {'tensor': {'dtype': 'bool', 'shape': [], 'fill': 'zeros'}}],
           'kwargs': {'out': {'tensor': {'dtype': 'float32', 'shape': [0], 'fill': 'zeros'}}}}}

import sys

import torch


def _strided(t):
    # sparse and nested tensors have no strides or single storage of their own
    return t.layout == torch.strided and not t.is_nested


def _storage_use_count(t):
    # read while a name holds the Python storage wrapper, which then holds one reference of its own
    # (a wrapper no name holds keeps it on some torch releases, 2.10 on, and not on others, 2.8)
    if not _strided(t):
        return None
    storage = t.untyped_storage()
    return torch._C._storage_Use_Count(storage._cdata) - 1


def _describe(t):
    if t.is_nested:
        return f"{str(t.dtype)[6:]}{[list(c.shape) for c in t.unbind()]}[nested {str(t.layout)[6:]}]"
    kind = "" if t.layout == torch.strided else f"[{str(t.layout)[6:]}]"
    return f"{str(t.dtype)[6:]}{list(t.shape)}{kind}"


def _addresses(t):
    # every byte the tensor's elements occupy (exact, unlike torch._C._overlaps, which guesses True when unsure);
    # a dimension of stride 0 (an expand) adds no byte, so it is left out before the elements are listed
    size = t.element_size()
    if t.numel() == 0:
        return set()
    dims = [(d, s) for d, s in zip(t.shape, t.stride()) if s != 0]
    n = t.untyped_storage().nbytes() // size
    index = torch.as_strided(torch.arange(n + 1), [d for d, _ in dims], [s for _, s in dims], t.storage_offset())
    base = t.untyped_storage().data_ptr()
    return {base + i * size + b for i in index.reshape(-1).tolist() for b in range(size)}


def _parts(t):
    # the dense tensors holding a tensor's memory: itself when strided; a sparse or jagged tensor's components
    if _strided(t):
        return [t]
    if t.layout == torch.sparse_coo:
        return [t._indices(), t._values()]
    if t.layout in (torch.sparse_csr, torch.sparse_bsr):
        return [t.crow_indices(), t.col_indices(), t.values()]
    if t.layout in (torch.sparse_csc, torch.sparse_bsc):
        return [t.ccol_indices(), t.row_indices(), t.values()]
    if t.layout == torch.jagged:
        return [t._values]
    return []


def _overlaps(a, b):
    return any(bool(_addresses(x) & _addresses(y)) for x in _parts(a) for y in _parts(b))


def _snapshot(t):
    if not _strided(t):
        return (None, None, None, None, _contents(t), None)
    return (t.size(), t.stride(), t.storage_offset(), t.untyped_storage().data_ptr(), t.clone(), t._version)


def _contents(t):
    # what a sparse or nested tensor holds, as dense tensors to compare
    if t.is_nested:
        return [c.clone() for c in t.unbind()]
    return [t.to_dense()]


def _changed(t, snapshot):
    size, stride, offset, ptr, data, version = snapshot
    if not _strided(t):
        now = _contents(t)
        same = len(now) == len(data) and all(a.shape == b.shape and torch.equal(a, b) for a, b in zip(now, data))
        return None if same else "data"
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
    if not same:
        return "data"
    return "version_counter" if t._version != version else None  # an in-place op ran on it (an empty tensor shows no more)


def report(invariant, outputs, inputs, before, state, facts):
    """Print what the op returned and did; the last line says whether the invariant still breaks."""
    seen = {"outputs": [], "inputs": {}}  # what was measured, for _breaks
    for j in range(len(outputs)):  # not enumerate(): it keeps its last tuple, a reference to t
        t = outputs[j]
        if not isinstance(t, torch.Tensor):  # undefined, or an opaque object (a packed weight): nothing to count
            print(f"output {j}: " + ("undefined" if t is None else f"not a tensor ({type(t).__name__})"))
            seen["outputs"].append(None)
            continue
        slots = sum(1 for o in outputs if o is t)
        use_count = t._use_count()
        refs = sys.getrefcount(t) - 2 - slots  # less getrefcount's argument, the loop name, this list's slots
        storage = _storage_use_count(t)
        print(f"output {j}: {_describe(t)} tensorimpl_use_count={use_count} "
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
            if isinstance(u, torch.Tensor):  # not an undefined output, nor an opaque one (a collective's Work)
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


# ---- how undeclared_mutation is decided ----
def _state(inputs):
    return None  # this invariant records nothing before the call


def _breaks(outputs, inputs, before, state, facts, seen):
    return any(changed and name not in facts["mutable"] for name, changed in seen["inputs"].items())


# ---- the minimal inputs ----
self = torch.zeros(0, dtype=torch.float32)
source = torch.zeros((), dtype=torch.bool)
out_ = torch.zeros(0, dtype=torch.float32)
inputs = {'self': self, 'source': source, 'out': out_}
before = {name: _snapshot(t) for name, t in inputs.items()}
state = _state(inputs)

out = torch.ops.aten.set.source_Tensor_out(self, source, out=out_)
outputs = list(out) if isinstance(out, (list, tuple)) else [out]
del out
report('undeclared_mutation', outputs, inputs, before, state, facts={'may_alias': ('out',), 'outputs_may_alias': True, 'mutable': ('out',)})


EXPECTED = """\
output 0: float32[] tensorimpl_use_count=1 python_refs=2 storageimpl_use_count=1
  is self: False, overlaps self: False
  is source: False, overlaps source: False
  is out: True, overlaps out: True
input self: unchanged
input source: storage
input out: size
undeclared_mutation: reproduces
"""
