"""A copy of an op, registered under a scratch torch.library namespace with a proposed schema, that runs the original.

The copy's kernel calls the original overload. The checks' dispatch mode
sees the copy (and checks it against the proposed schema) but not the call
inside it: a mode is off while it handles a call. So the copy returns
exactly the original's tensors, and what the checks say of the copy is what
they would say of the original op with that schema. A kernel change is
emulated around the call (``KERNEL_CHANGES``): a clone of an output, a
fresh TensorImpl for an output that is an input (or for any output), a write into a copy of an
argument, the argument's own StorageImpl kept, the written argument returned.

Each copy gets its own namespace (``opprop_fix_<pid>_<n>``), so two copies
of one op, or two processes, never collide.
"""
from __future__ import annotations

import itertools
import os

import torch
from torch._ops import OpOverload

from opprop.check import catalog
from opprop.reduce.fixes.schema_edit import split_name

_COPIES = itertools.count()
_LIBRARIES: list = []  # kept alive: a Library deregisters its ops when collected


def _tensors(value):
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _tensors(v)


def _map_outputs(out, targets, change):
    """``change(tensor)`` on the outputs at ``targets`` (every element of a Tensor[] output)."""
    if isinstance(out, torch.Tensor):
        return change(out) if 0 in targets else out
    if isinstance(out, list):  # one Tensor[] return
        return [change(t) if 0 in targets and isinstance(t, torch.Tensor) else t for t in out]
    return tuple(
        (change(t) if isinstance(t, torch.Tensor) else [change(x) for x in t] if isinstance(t, list) else t) if j in targets else t
        for j, t in enumerate(out)
    )


def _clone_output(original, args, kwargs, targets):
    return _map_outputs(original(*args, **kwargs), targets, lambda t: t.clone())


def _alias_output(original, args, kwargs, targets):
    inputs = {id(t) for t in _tensors((args, list(kwargs.values())))}
    return _map_outputs(original(*args, **kwargs), targets, lambda t: torch.ops.aten.alias(t) if id(t) in inputs else t)


def _fresh_impl(original, args, kwargs, targets):
    return _map_outputs(original(*args, **kwargs), targets, torch.ops.aten.alias)


def _write_a_copy(original, args, kwargs, targets):
    """The arguments named in ``targets`` (positions) handed to the original as clones: the caller's stay unwritten."""
    args = tuple(a.clone() if i in targets and isinstance(a, torch.Tensor) else a for i, a in enumerate(args))
    return original(*args, **kwargs)


def _keep_storage(original, args, kwargs, targets):
    """Each tensor argument ends on the StorageImpl it came with: the new contents are copied into it (resized in place)."""
    held = [(t, t.untyped_storage()) for t in _tensors((args, list(kwargs.values()))) if t.layout == torch.strided and not t.is_quantized]
    out = original(*args, **kwargs)
    for t, storage in held:
        if t.untyped_storage()._cdata != storage._cdata:
            now = t.clone()
            t.set_(storage, 0, (0,), (1,))
            t.resize_(now.shape)
            t.copy_(now)
    return out


def _return_written(original, args, kwargs, targets):
    """Each output at ``targets`` ((output, argument position) pairs) handed back as the argument its schema names."""
    out = original(*args, **kwargs)
    names = [a.name for a in original._schema.arguments]
    written = {j: args[i] if i < len(args) else kwargs[names[i]] for j, i in targets}
    if not isinstance(out, tuple):
        return written.get(0, out)
    return tuple(written.get(j, t) for j, t in enumerate(out))


KERNEL_CHANGES = {
    "": lambda original, args, kwargs, targets: original(*args, **kwargs),
    "clone_output": _clone_output,
    "alias_output": _alias_output,
    "fresh_impl": _fresh_impl,
    "write_a_copy": _write_a_copy,
    "keep_storage": _keep_storage,
    "return_written": _return_written,
}


def register(original: OpOverload, schema: str, *, change: str = "", targets=frozenset()) -> OpOverload:
    """A copy of ``original`` with ``schema`` (``ns::name.overload(...) -> ...``; the namespace is replaced)."""
    namespace = f"opprop_fix_{os.getpid()}_{next(_COPIES)}"
    body = split_name(schema)[1]
    name, _, overload = body.split("(", 1)[0].partition(".")
    library = torch.library.Library(namespace, "DEF")
    _LIBRARIES.append(library)
    library.define(body)
    run = KERNEL_CHANGES[change]

    def kernel(*args, **kwargs):
        return run(original, args, kwargs, targets)

    composite = catalog.classify(original).composite_implicit
    library.impl(body.split("(", 1)[0], kernel, "CompositeImplicitAutograd" if composite else "CompositeExplicitAutograd")
    return getattr(getattr(getattr(torch.ops, namespace), name), overload or "default")
