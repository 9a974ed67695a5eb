"""A shrunk call as a Python script that needs nothing but torch: build the inputs, call the op, print.

What it prints is what the expect file records: per output its TensorImpl
and StorageImpl use counts, Python references beyond the script's own, and
whether it is or overlaps each input; per input whether the call changed it;
last, whether the invariant still breaks. The printing helper is inlined so
a PyTorch developer can paste the script anywhere; the invariant inlines its
own ``_state`` (what it records before the call) and ``_breaks`` (its
decision), from its ``repro_state`` and ``repro_breaks``.
"""
from __future__ import annotations

import keyword
import math

from opprop.check import catalog
from opprop.check import invariants
from opprop.check.invariants.base import repro_source
from opprop.core import process_group, quantized_engine, tensor_kinds
from opprop.core.process_group import GroupArg
from opprop.core.specs import CallSpec, Literal, ProducedSpec, TensorSpec

HELPER = '''\
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
'''


# Names the script itself binds: an argument so named gets a trailing "_" (a collective's ``Tensor[] inputs`` was
# overwritten by the script's ``inputs`` dict, and the call got the dict).
_SCRIPT_NAMES = ("torch", "sys", "report", "inputs", "before", "state", "out", "outputs", "guarded", *process_group.SCRIPT_NAMES)


def _name(arg_name: str) -> str:
    return arg_name + "_" if keyword.iskeyword(arg_name) or arg_name in _SCRIPT_NAMES else arg_name


def _number(x) -> str:
    """A float or complex as source that evaluates to it: nan and inf have no literal (``repr`` gives a bare name)."""
    if isinstance(x, float) and not math.isfinite(x):
        return f"float({repr(x)!r})"
    if isinstance(x, complex) and not (math.isfinite(x.real) and math.isfinite(x.imag)):
        return f"complex({_number(x.real)}, {_number(x.imag)})"
    return repr(x)


_shape = tensor_kinds.shape_source


def _dtype(name: str) -> str:
    return f"torch.{name}"


def tensor_source(t: TensorSpec) -> str:
    """An expression that builds exactly what ``specs.build_tensor`` builds."""
    source = _tensor_source(t)
    return f"{source}.requires_grad_()" if t.requires_grad else source


def _tensor_source(t: TensorSpec) -> str:
    if t.layout != "strided":
        return _kind_source(t)
    n = t.buffer_numel
    dtype = _dtype(t.dtype)
    if t.fill in ("zeros", "ones") and t.stride is None and t.quant is None and not t.guarded:
        return f"torch.{t.fill}({', '.join(str(s) for s in t.shape) or '()'}, dtype={dtype})"
    if t.fill in ("zeros", "ones"):
        flat = f"torch.{t.fill}({n}, dtype={dtype})"
    elif t.fill == "arange":
        flat = f"torch.arange({n}, dtype={dtype})" if t.dtype in ("float32", "float64", "int64", "int32") else f"torch.arange({n}).to({dtype})"
    else:
        flat = f"torch.tensor([{', '.join(_number(v) for v in t.values)}], dtype={dtype})"
    if t.guarded:
        flat = f"guarded({flat})"  # guard.SOURCE, which the script defines
    if t.stride is not None:
        x = f"torch.as_strided({flat}, {_shape(t.shape)}, {_shape(t.stride)}, {t.offset})"
    elif len(t.shape) == 1 and t.shape[0] == n:
        x = flat
    else:
        x = f"{flat}.reshape{_shape(t.shape)}" if t.shape else f"{flat}.reshape(())"
    if t.quant is None:
        return x
    if t.quant[0] == "per_tensor":
        _, qdtype, scale, zero_point = t.quant
        return f"torch.quantize_per_tensor({x}, {_number(scale)}, {zero_point}, {_dtype(qdtype)})"
    scheme, qdtype, axis, scales, zero_points = t.quant
    zp_dtype = "torch.float32" if scheme == "per_channel_float" else "torch.long"
    return (
        f"torch.quantize_per_channel({x}, torch.tensor([{', '.join(_number(s) for s in scales)}], dtype=torch.double), "
        f"torch.tensor([{', '.join(_number(z) for z in zero_points)}], dtype={zp_dtype}), {axis}, {_dtype(qdtype)})"
    )


def _kind_source(t: TensorSpec) -> str:
    """A kind built from parts (sparse, nested), as its ``tensor_kinds.PartsLayout`` writes it from its parts' sources."""
    return tensor_kinds.layout(t.layout).source(t, [tensor_source(p) for p in t.parts])


def value_source(v) -> str:
    if isinstance(v, TensorSpec):
        return tensor_source(v)
    if isinstance(v, Literal):
        return v.text
    if isinstance(v, GroupArg):
        return process_group.source(v)
    if isinstance(v, list):
        return "[" + ", ".join(value_source(x) for x in v) + "]"
    if isinstance(v, (float, complex)):
        return _number(v)
    return repr(v)


def setup_lines(spec: CallSpec) -> list[str]:
    """What a script runs before it builds its inputs: the quantized engine the call ran under, the one-process group."""
    return quantized_engine.script_lines(spec.engine) + (process_group.script_setup() if spec.on_group else [])


def op_source(spec: CallSpec) -> str:
    op = spec.overload
    ns, name = op._schema.name.split("::", 1)
    return f"torch.ops.{ns}.{name}.{op._overloadname}"


def emit(spec: CallSpec, invariant: str, *, definition: str | None = None, definition_from: str = "", preamble: str = "") -> str:
    """The script. ``definition``: source that registers a non-aten op, inlined so the script stands alone;
    ``preamble``: import lines of the modules that register it, when they are not inlined."""
    kind = catalog.classify(spec.overload)
    names = kind.arg_names
    lines = ["import sys", "", "import torch", *preamble.splitlines(), ""]
    if definition:
        lines += [f"# ---- the op under test, from {definition_from or 'its definition'} ----", definition.rstrip(), "# ---- end of the op's definition ----", ""]
    checked = invariants.get(invariant)
    lines += ["", HELPER, "", f"# ---- how {invariant} is decided ----", repro_source(checked.repro_state, "_state"), "", repro_source(checked.repro_breaks, "_breaks"), "", "# ---- the minimal inputs ----"]
    lines += setup_lines(spec)
    inputs = []  # (label, expression naming the tensor)
    call_args = []
    for i, a in enumerate(spec.args):
        call_args.append(bind(lines, names[i] if i < len(names) else f"arg{i}", a, inputs))
    for k, a in spec.kwargs.items():
        call_args.append(f"{k}=" + bind(lines, k, a, inputs))
    input_dict = "{" + ", ".join(f"{label!r}: {expr}" for label, expr in inputs) + "}"
    facts = {
        "may_alias": tuple(sorted({names[i] for _, i in kind.allowed_out_in if i < len(names)})),
        "outputs_may_alias": bool(kind.allowed_out_out or kind.aliased_list_returns),
        "mutable": tuple(sorted(names[i] for i in kind.mutable_args)),
        **checked.repro_facts(spec.overload, kind),
    }
    lines += [
        f"inputs = {input_dict}",
        "before = {name: _snapshot(t) for name, t in inputs.items()}",
        "state = _state(inputs)",
        "",
        *_call_lines(f"out = {op_source(spec)}({', '.join(call_args)})", kind.view),
        *(_WAIT_FOR_WORK if spec.on_group else []),
        _outputs_line(spec.overload),
        "del out",
        f"report({invariant!r}, outputs, inputs, before, state, facts={facts!r})",
        *(process_group.script_teardown() if spec.on_group else []),
    ]
    return "\n".join(lines) + "\n"


# a collective's Work, waited for: what holds its tensors then no longer depends on when gloo's thread finished
_WAIT_FOR_WORK = ["[o.wait() for o in (out if isinstance(out, (list, tuple)) else [out])"
                  " if isinstance(o, torch.ScriptObject) and o._has_method('wait')]"]


def _outputs_line(overload) -> str:
    """The script's flat list of outputs: a Tensor[] among several returns (a c10d collective's (Tensor[], Work))
    is spread out, as the checks read its tensors; any other call's outputs are its returns."""
    returns = overload._schema.returns
    if len(returns) > 1 and any(r.type.kind() == "ListType" for r in returns):
        return "outputs = [t for o in out for t in (o if isinstance(o, (list, tuple)) else [o])]"
    return "outputs = list(out) if isinstance(out, (list, tuple)) else [out]"


def _call_lines(call: str, view: bool) -> list:
    """A declared view op is called below ADInplaceOrView, where a dispatch mode (opprop's too) sees the kernel's
    output: above it, ADInplaceOrView replaces that output with a fresh view, hiding what the kernel returned,
    and the debug builds' use-count asserts, in the autograd kernel, see only that view."""
    if not view:
        return [call]
    return ["with torch._C._AutoDispatchBelowADInplaceOrView():  # the kernel's own output, as a dispatch mode sees it (above, ADInplaceOrView wraps it in a fresh view)", "    " + call]


def bind(lines, arg_name, value, inputs) -> str:
    """Name the tensors of one argument in the script; return how the call spells the argument."""
    if isinstance(value, TensorSpec):
        var = _name(arg_name)
        lines.append(f"{var} = {tensor_source(value)}")
        inputs.append((arg_name, var))
        return var
    if isinstance(value, ProducedSpec):  # an opaque argument (a packed weight): its producer called on its own inputs
        var = _name(arg_name)
        names = catalog.classify(value.call.overload).arg_names
        args = [bind(lines, f"{var}_{names[i] if i < len(names) else f'arg{i}'}", a, []) for i, a in enumerate(value.call.args)]
        args += [f"{k}=" + bind(lines, f"{var}_{k}", a, []) for k, a in value.call.kwargs.items()]
        lines.append(f"{var} = {op_source(value.call)}({', '.join(args)})")
        return var
    if isinstance(value, list) and any(isinstance(v, TensorSpec) for v in value):
        var = _name(arg_name)
        lines.append(f"{var} = {value_source(value)}")
        for j, v in enumerate(value):
            if isinstance(v, TensorSpec):
                inputs.append((f"{arg_name}[{j}]", f"{var}[{j}]"))
        return var
    return value_source(value)
