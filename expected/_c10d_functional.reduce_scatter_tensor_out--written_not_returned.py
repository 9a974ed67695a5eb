# opprop expect file: _c10d_functional::reduce_scatter_tensor_out breaks written_not_returned on torch 2.13.0+cpu.
# Run it with nothing but torch: python _c10d_functional.reduce_scatter_tensor_out--written_not_returned.py
# `opprop replay` checks what it prints against EXPECTED (at the end);
# `EXPECTTEST_ACCEPT=1 opprop replay` rewrites EXPECTED in place.
"""_c10d_functional::reduce_scatter_tensor_out breaks written_not_returned on torch 2.13.0+cpu.

Suggested fix: output 0 is declared Tensor(a!), the argument 'out', but is another tensor: return out itself (after writing into it), or drop the write annotation from the return if a new tensor is meant
Proven fix: kernel: return out itself (the tensor it wrote), never a copy or another tensor; no schema fix exists: the schema is right [verified]
"""

OPPROP = {'format': 1,
 'aten_op': '_c10d_functional::reduce_scatter_tensor_out',
 'invariant': 'written_not_returned',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-07',
 'suggested_fix': "output 0 is declared Tensor(a!), the argument 'out', but is another tensor: return out "
                  'itself (after writing into it), or drop the write annotation from the return if a new '
                  'tensor is meant',
 'fix': {'fix': 'kernel: return out itself (the tensor it wrote), never a copy or another tensor; no schema '
                'fix exists: the schema is right',
         'verdict': 'verified',
         'why': '',
         'diff': 'kernel: return out itself (the tensor it wrote), never a copy or another tensor; no schema '
                 'fix exists: the schema is right'},
 'example': {'aten_op': '_c10d_functional::reduce_scatter_tensor_out',
             'called_op': '_c10d_functional::reduce_scatter_tensor_out',
             'invariant': 'written_not_returned',
             'output_index': 0,
             'detail': {'written': 'out'},
             'inputs': {'group_name': "the one-process group's name",
                        'group_size': 1,
                        'input': {'device': 'cpu',
                                  'dtype': 'complex64',
                                  'layout': 'strided',
                                  'shape': [0],
                                  'storage_offset': 0,
                                  'stride': [1],
                                  'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'complex64',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'reduce_op': 'sum'}},
 'repro': {'op': '_c10d_functional::reduce_scatter_tensor_out',
           'args': [{'tensor': {'dtype': 'complex64', 'shape': [0], 'fill': 'zeros'}},
                    'sum',
                    0,
                    {'group': 'group_name'}],
           'kwargs': {'out': {'tensor': {'dtype': 'complex64', 'shape': [0], 'fill': 'zeros'}}}}}

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


# ---- how written_not_returned is decided ----
def _state(inputs):
    return None  # this invariant records nothing before the call


def _breaks(outputs, inputs, before, state, facts, seen):
    # an output must be an argument its return names; a list argument's elements are labelled ``xs[0]``
    broken = False
    for j, o in enumerate(seen["outputs"]):
        named = facts["written_returns"].get(0 if facts["one_list"] else j)
        if o is None or named is None:
            continue
        returned = any(label == name or label.startswith(name + "[") for label in o["is"] for name in named)
        print(f"output {j}: is {' or '.join(named)}: {returned}")
        broken = broken or not returned
    return broken


# ---- the minimal inputs ----
# ---- the one-process group the call runs on, made as opprop made it ----
def one_process_group(name, timeout_s):
    """A gloo group of rank 0 in a world of 1 on an in-memory HashStore (nothing outside this process), registered as ``name``."""
    import datetime
    from torch._C import _distributed_c10d as c10d

    timeout = datetime.timedelta(seconds=timeout_s)
    store = c10d.HashStore()
    store.set_timeout(timeout)  # a rank past the group is waited for here: no longer than gloo waits
    options = c10d.ProcessGroupGloo._Options()
    options._timeout = timeout
    options._devices = [c10d.ProcessGroupGloo.create_device(interface="lo")]
    backend = c10d.ProcessGroupGloo(store, 0, 1, options)
    group = c10d.ProcessGroup(store, 0, 1)
    group._set_default_backend(c10d.ProcessGroup.BackendType.GLOO)
    group._register_backend(torch.device("cpu"), c10d.ProcessGroup.BackendType.GLOO, backend)
    group._set_group_name(name)
    c10d._register_process_group(name, group)
    return group


def boxed_reduce_op(group, name):
    """The ReduceOp ``name`` as the dispatcher takes it (a TorchScript object). Python builds only the default (SUM)
    one; the dispatcher boxes any other when the group's own ``allreduce`` calls ``c10d::allreduce_``."""
    from torch._C import _distributed_c10d as c10d
    from torch.utils._python_dispatch import TorchDispatchMode

    seen = []

    class Boxed(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            seen.extend(a for a in args if isinstance(a, torch.ScriptObject) and "c10d.ReduceOp" in str(a._type()))
            return func(*args, **(kwargs or {}))

    options = c10d.AllreduceOptions()
    options.reduceOp = c10d.ReduceOp(getattr(c10d.ReduceOp.RedOpType, name))
    with Boxed():
        try:
            group.allreduce([torch.zeros(1)], options).wait()
        except RuntimeError:
            pass  # gloo refuses this reduction (AVG): the boxed value was seen all the same
    if not seen:
        raise RuntimeError(f"the dispatcher boxed no ReduceOp {name}")
    return seen[0]


def destroy_group(group):
    """Unregister ``group`` and shut it down."""
    from torch._C import _distributed_c10d as c10d

    try:
        c10d._unregister_process_group(group.group_name)
    finally:
        if hasattr(group, "shutdown"):
            group.shutdown()


one_group = one_process_group('opprop-repro', timeout_s=5.0)

input = torch.zeros(0, dtype=torch.complex64)
out_ = torch.zeros(0, dtype=torch.complex64)
inputs = {'input': input, 'out': out_}
before = {name: _snapshot(t) for name, t in inputs.items()}
state = _state(inputs)

out = torch.ops._c10d_functional.reduce_scatter_tensor_out.default(input, 'sum', 0, one_group.group_name, out=out_)
[o.wait() for o in (out if isinstance(out, (list, tuple)) else [out]) if isinstance(o, torch.ScriptObject) and o._has_method('wait')]
outputs = list(out) if isinstance(out, (list, tuple)) else [out]
del out
report('written_not_returned', outputs, inputs, before, state, facts={'may_alias': ('out',), 'outputs_may_alias': True, 'mutable': ('out',), 'written_returns': {0: ('out',)}, 'one_list': False})
destroy_group(one_group)


EXPECTED = """\
output 0: complex64[0] tensorimpl_use_count=1 python_refs=0 storageimpl_use_count=3
  is input: False, overlaps input: False
  is out: False, overlaps out: False
input input: unchanged
input out: unchanged
output 0: is out: False
written_not_returned: reproduces
"""
