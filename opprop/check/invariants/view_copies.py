"""An output the schema declares a view of an input does not share that input's storage.

The codegen's third sanity check (NOTE "TensorImpl and Storage Pointer
Sanity Checks" in tools/autograd/gen_variable_type.py): a view op's output
must sit on its base's StorageImpl. A declared view that returns fresh
memory breaks autograd's view tracking (in-place writes through the "view"
never reach the base, and the version counter is shared for nothing).
"""
from __future__ import annotations

import functools

import torch

from opprop.check import components
from opprop.check.aliasing import SchemaArgument, SchemaInfo, element_sets, list_element_aliases, written_element_lists
from opprop.check.invariants.base import Invariant
from opprop.check.probe import PLAIN_TYPES

ID = "view_copies"
_PLAIN = PLAIN_TYPES
_strided = torch.strided
_INPUT = torch._C._SchemaArgType.input
_OUTPUT = torch._C._SchemaArgType.output


def may_be_fresh(schema, ret) -> bool:
    """A return in the wildcard set, or in a set no argument is in, may be new memory: no declared view.

    ``-> Tensor(*)`` may alias anything, and need not; ``aten::cpu(Tensor(a) self) -> Tensor(b|a)`` is ``self`` or a
    copy (a set only a return has is a fresh one, as the JIT's alias analysis reads it).
    """
    sets = set(ret.alias_info.before_set)
    held = {s for arg in schema.arguments if arg.alias_info is not None for s in arg.alias_info.before_set}
    return "*" in sets or not sets <= held | element_sets(schema)


@functools.lru_cache(maxsize=None)
def declared_views(func) -> dict:
    """Return index -> input positions it is declared a view of (a non-write alias annotation shared with them, or
    with the elements of a list annotated on its elements, ``Tensor(a)[] xs -> Tensor(a)``: a view of one of them)."""
    schema = func._schema
    info = SchemaInfo(schema)  # reads a list return's element annotation (``Tensor(a)[]``) too
    found = {}
    for j, ret in enumerate(schema.returns):
        alias = ret.alias_info
        if alias is None or alias.is_write or may_be_fresh(schema, ret):
            continue
        inputs = tuple(
            i for i, arg in enumerate(schema.arguments)
            if arg.alias_info is not None
            and not arg.alias_info.is_write
            and info.may_contain_alias(SchemaArgument(_OUTPUT, j), SchemaArgument(_INPUT, i))
        )
        elements = tuple(i for jj, i in list_element_aliases(schema) if jj == j and i not in written_element_lists(schema))
        inputs = tuple(sorted(set(inputs) | set(elements)))
        if inputs:
            found[j] = inputs
    return found


def _storage(t):
    if type(t) not in _PLAIN or t.layout is not _strided:
        return None  # no storage of its own to share (sparse, a subclass)
    try:
        return t.untyped_storage()
    except (RuntimeError, NotImplementedError):
        return None


def _storages(t) -> list:
    """A strided tensor's storage; a tensor without storage, its components' (``opprop.check.components``)."""
    if t.layout is _strided:
        storage = _storage(t)
        return [] if storage is None else [storage]
    return components.storages(t)


def _copies(func, inputs, outputs):
    """(return index, input position) for each declared view that shares no storage with any input it views
    (for a sparse or jagged tensor: none of its components' storages with any of theirs)."""
    views = declared_views(func)
    for j, t in outputs:
        if t is None or j not in views:
            continue
        mine = _storages(t)
        if not mine:
            continue
        bases = [(i, _storages(x)) for i, x in inputs if i in views[j]]
        bases = [(i, s) for i, s in bases if s]
        if bases and not any(m is s for m in mine for _, theirs in bases for s in theirs):
            yield j, bases[0][0]


class ViewCopies(Invariant):
    id = ID
    rank = 70
    broken_when = "an output the schema declares a view of an input (Tensor(a), not written) does not share that input's storage"

    def applies(self, kind) -> bool:
        # As the codegen's check, only for overloads with kernels of their own: a CompositeImplicitAutograd one's
        # ``Tensor(a)`` can mean "self, or a copy" (``to``, ``reshape``, ``contiguous``), and it is checked through
        # the ops it calls. ``to.dtype_layout`` reaches the mode when forward AD's ZeroTensor fallback moves a
        # ZeroTensor to meta, a copy by design.
        return kind.view and not kind.composite_implicit

    def prepare(self, func, kind):
        """Return index -> input positions it views, for this overload's declared views."""
        return declared_views(func)

    def screen(self, inputs, outputs, state, prepared):
        """Clean when every declared view sits on the storage of an input it is declared to view."""
        for j, t in outputs:
            bases = prepared.get(j)
            if bases is None or t is None:
                continue
            if t.layout is not _strided:
                return False  # no storage of its own: the check compares its components
            if type(t) not in _PLAIN:
                continue
            storage = t.untyped_storage()
            for i, x in inputs:
                if i in bases and type(x) in _PLAIN and x.layout is _strided and x.untyped_storage() is storage:
                    break
            else:
                return False
        return True

    def check(self, call):
        names = call.kind.arg_names
        func = call.aliasing.func
        for j, i in _copies(func, call.inputs, call.outputs):
            yield j, {"copies": names[i] if i < len(names) else f"arg{i}"}

    def repro_facts(self, func, kind) -> dict:
        names = kind.arg_names
        return {"views": {j: tuple(names[i] for i in inputs) for j, inputs in declared_views(func).items()}}

    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
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

    def suggested_fix(self, op, detail, output_index) -> str:
        base = detail.get("copies")
        return (
            f"output {output_index or 0} is declared a view of {base!r} but is fresh memory: return a view "
            f"(view/as_strided on {base}), or drop the alias annotation from the schema if a copy is meant"
        )


INVARIANT = ViewCopies()
