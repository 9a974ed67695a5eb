# opprop expect file: aten::_sparse_broadcast_to breaks view_copies on torch 2.13.0+cpu.
# Run it with nothing but torch: python aten._sparse_broadcast_to--view_copies.py
# `opprop replay` checks what it prints against EXPECTED (at the end);
# `EXPECTTEST_ACCEPT=1 opprop replay` rewrites EXPECTED in place.
"""aten::_sparse_broadcast_to breaks view_copies on torch 2.13.0+cpu.

Suggested fix: output 0 is declared a view of 'self' but is fresh memory: return a view (view/as_strided on self), or drop the alias annotation from the schema if a copy is meant
Proven fix: none found [unverifiable: the proof died with SIGFPE]
"""

OPPROP = {'format': 1,
 'aten_op': 'aten::_sparse_broadcast_to',
 'invariant': 'view_copies',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'suggested_fix': "output 0 is declared a view of 'self' but is fresh memory: return a view (view/as_strided "
                  'on self), or drop the alias annotation from the schema if a copy is meant',
 'fix': {'fix': 'none found', 'verdict': 'unverifiable', 'why': 'the proof died with SIGFPE', 'diff': ''},
 'example': {'aten_op': 'aten::_sparse_broadcast_to',
             'called_op': 'aten::_sparse_broadcast_to',
             'invariant': 'view_copies',
             'output_index': 0,
             'detail': {'copies': 'self'},
             'inputs': {'self': {'coalesced': False,
                                 'device': 'cpu',
                                 'dtype': 'float32',
                                 'layout': 'sparse_coo',
                                 'nnz': 2,
                                 'shape': [],
                                 'tensor': True},
                        'size': [65537, 4]}},
 'repro': {'op': 'aten::_sparse_broadcast_to',
           'args': [{'tensor': {'dtype': 'float32',
                                'shape': [],
                                'fill': 'values',
                                'layout': 'sparse_coo',
                                'parts': [{'tensor': {'dtype': 'int64',
                                                      'shape': [0, 2],
                                                      'fill': 'values',
                                                      'values': []}},
                                          {'tensor': {'dtype': 'float32', 'shape': [2], 'fill': 'zeros'}}],
                                'coalesced': False}},
                    [1, 2]],
           'kwargs': {}}}

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


# ---- how view_copies is decided ----
def _state(inputs):
    return None  # this invariant records nothing before the call


def _breaks(outputs, inputs, before, state, facts, seen):
    # a sparse or jagged tensor has no storage: its components' (_parts, the script's helper, as components.py)
    def storages(t):
        return [t.untyped_storage()] if t.layout == torch.strided else [p.untyped_storage() for p in _parts(t)]

    broken = False
    for j, bases in facts["views"].items():
        t = outputs[j] if j < len(outputs) else None
        if t is None:
            continue
        mine = storages(t)
        if not mine:
            continue
        theirs = [s for name in bases if name in inputs for s in storages(inputs[name])]
        shares = any(m is s for m in mine for s in theirs)
        what = "its storage" if t.layout == torch.strided else "a component's storage"
        print(f"output {j}: declared a view of {', '.join(bases)}, shares {what}: {shares}")
        broken = broken or (bool(theirs) and not shares)
    return broken


# ---- the minimal inputs ----
self = torch.sparse_coo_tensor(torch.tensor([], dtype=torch.int64).reshape(0, 2), torch.zeros(2, dtype=torch.float32), (), is_coalesced=False)
inputs = {'self': self}
before = {name: _snapshot(t) for name, t in inputs.items()}
state = _state(inputs)

with torch._C._AutoDispatchBelowADInplaceOrView():  # the kernel's own output, as a dispatch mode sees it (above, ADInplaceOrView wraps it in a fresh view)
    out = torch.ops.aten._sparse_broadcast_to.default(self, [1, 2])
outputs = list(out) if isinstance(out, (list, tuple)) else [out]
del out
report('view_copies', outputs, inputs, before, state, facts={'may_alias': ('self',), 'outputs_may_alias': True, 'mutable': (), 'views': {0: ('self',)}})


EXPECTED = """\
output 0: float32[1, 2][sparse_coo] tensorimpl_use_count=1 python_refs=0 storageimpl_use_count=None
  is self: False, overlaps self: False
input self: unchanged
output 0: declared a view of self, shares a component's storage: False
view_copies: reproduces
"""
