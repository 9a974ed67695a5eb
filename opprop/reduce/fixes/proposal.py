"""From a finding to the fixes that could remove it, most wanted first: a schema edit, or a kernel change, or both.

One rule per invariant (``CANDIDATES``), read from the finding's detail and
from what the original op's outputs are on its call (``relations``: which
output is which input, which shares an input's storage). A schema edit is
written by ``schema_edit``; a kernel change names what the kernel must do,
and the ``scratch`` change that does it, so that it can be proven too.
"""
from __future__ import annotations

import contextlib
import dataclasses
import functools

import torch

from opprop.check import catalog
from opprop.core import upstream
from opprop.core.specs import CallSpec, SpecError
from opprop.reduce.fixes import schema_edit

NO_SCHEMA = "no schema fix exists"
UNPROVABLE = "view_instead"  # a kernel change no wrapper can emulate (a copy made a view): its verdict is unverifiable


@dataclasses.dataclass(frozen=True)
class Candidate:
    schema: str  # the proposed schema (the original's when only the kernel changes)
    kernel: str = ""  # what the kernel must do instead, in words ("" when the schema edit alone fixes it)
    change: str = ""  # the scratch kernel change that emulates it (scratch.KERNEL_CHANGES)
    targets: tuple = ()  # the outputs (or argument positions) the change acts on
    note: str = ""


def relations(op, spec: CallSpec | None) -> dict:
    """Output index -> {"is": input names it is, "shares": input names whose StorageImpl it holds}, from one call of the original."""
    if spec is None:
        return {}
    try:
        args, kwargs = spec.build()
        names = [a.name for a in op._schema.arguments]
        named = [*zip(names, args), *kwargs.items()]
        inputs = [(n, t) for n, v in named for t in (v if isinstance(v, (list, tuple)) else [v]) if isinstance(t, torch.Tensor)]
        below = catalog.classify(op).view
        with torch._C._AutoDispatchBelowADInplaceOrView() if below else contextlib.nullcontext():
            out = op(*args, **kwargs)
    except Exception:  # the call no longer runs: the proposal is read from the finding's detail alone
        return {}
    outs = [out] if isinstance(out, torch.Tensor) else list(out) if isinstance(out, (list, tuple)) else []
    found = {}
    for j, t in enumerate(outs):
        if not isinstance(t, torch.Tensor):
            continue
        found[j] = {"is": [n for n, x in inputs if x is t], "shares": [n for n, x in inputs if _same_storage(t, x)]}
    return found


def _same_storage(a, b) -> bool:
    try:
        return a.layout == b.layout == torch.strided and a.untyped_storage()._cdata == b.untyped_storage()._cdata
    except (RuntimeError, NotImplementedError):
        return False


@functools.lru_cache(maxsize=1)
def _upstream_lists() -> dict:
    return upstream.lists()[1]


def upstream_note(aten_op: str, invariant: str) -> str:
    """Whether upstream's debug build checks this at all, and what an annotation would change there."""
    covering = [name for name in upstream.COVERS.get(invariant, ()) if upstream.key(aten_op, name) in _upstream_lists()[name]]
    exempt = f"upstream exempts it already ({covering[0]} in gen_variable_type.py); " if covering else ""
    if invariant == "tensorimpl_use_count":
        return exempt + "upstream checks TensorImpl use_count for views too: only in-place and out= ops are exempt, so no view annotation removes it"
    if invariant == "storageimpl_use_count":
        return exempt + "upstream skips the StorageImpl check for views (ALL_VIEW_FUNCTIONS), so a view annotation on the input it shares exempts it"
    return exempt.rstrip("; ")


def _alias_fix(schema, namespace, name, outputs, relation_of, op_is_composite):
    """The alias set on ``name`` and ``outputs``; a non-composite op that returns the input itself must also return a fresh TensorImpl."""
    edited = schema_edit.qualified(namespace, schema_edit.add_alias(schema, name, outputs))
    returns_itself = any(name in relation_of.get(j, {}).get("is", ()) for j in outputs)
    if returns_itself and not op_is_composite:
        return Candidate(edited, f"return {name}.alias() where it returns {name} itself (a view's output is a fresh TensorImpl)",
                         "alias_output", tuple(outputs))
    return Candidate(edited)


def _declared_view(ret) -> bool:
    return ret.alias_info is not None and not ret.alias_info.is_write


def _clone(original: str, outputs, why: str) -> Candidate:
    which = ", ".join(f"output {j}" for j in outputs)
    return Candidate(original, f"return a clone of {which} {why}", "clone_output", tuple(outputs))


def candidates(op, invariant: str, detail: dict, output_index, relation_of: dict) -> list[Candidate]:
    """The fixes to try for one finding, most wanted first (a schema edit before a kernel change)."""
    original = str(op._schema)
    namespace = schema_edit.split_name(original)[0]
    schema = schema_edit.parse(original)
    kind = catalog.classify(op)
    j = output_index or 0
    contract = detail.get("contract")
    if invariant == "outer_contract":
        invariant = contract or invariant
    names = [a.name for a in op._schema.arguments]
    if invariant == "written_not_returned":  # the schema is right, whether torchgen reads it or not: the kernel changes
        name = detail.get("written")
        return [Candidate(original, f"return {name} itself (the tensor it wrote), never a copy or another tensor; {NO_SCHEMA}: "
                          "the schema is right", "return_written", ((j, names.index(name)),))] if name in names else []
    if schema is None:
        return [_clone(original, [j], "(torchgen cannot read this schema, so no schema edit is proposed)")] if output_index is not None else []
    found = []
    if invariant in ("returns_input", "undeclared_alias"):
        name = detail.get("is_input") or detail.get("overlaps")
        if name:
            found.append(_alias_fix(schema, namespace, name, [j], relation_of, kind.composite_implicit))
        elif detail.get("overlaps_output") is not None:
            found.append(Candidate(schema_edit.qualified(namespace, schema_edit.add_alias(schema, None, [j, detail["overlaps_output"]]))))
        if not kind.composite_implicit:
            found.append(_clone(original, [j], "on the path that returns memory of an input (no alias then)"))
    elif invariant == "undeclared_mutation":
        name = detail.get("argument")
        note = ""
        if not kind.mutable and not op._schema.name.endswith("_"):
            note = (f"the op then writes {name}: functionalization (torch.compile) needs an out-of-place variant "
                    f"returning the new {name} beside it")
        found.append(Candidate(schema_edit.qualified(namespace, schema_edit.mark_mutable(schema, name)), note=note))
        if name in names:
            found.append(Candidate(original, f"write into a copy of {name}, never the caller's {name}", "write_a_copy", (names.index(name),)))
    elif invariant == "storage_replaced":
        name = detail.get("argument")
        found.append(Candidate(original, f"write into {name}'s own StorageImpl (resize it in place) instead of swapping it; "
                               f"{NO_SCHEMA}: no annotation says that an argument's StorageImpl is replaced", "keep_storage"))
    elif invariant == "view_copies":
        shares = [n for n in relation_of.get(j, {}).get("shares", ()) if n != detail.get("copies")]
        dropped = schema_edit.drop_alias(schema, j)
        if shares:  # it is a view, of another input: the annotation on the input it aliases
            found.append(Candidate(schema_edit.qualified(namespace, schema_edit.add_alias(dropped, shares[0], [j]))))
        else:
            found.append(Candidate(schema_edit.qualified(namespace, dropped), note="the output is fresh memory: the schema declares a copy"))
        copies = detail.get("copies") or "its input"
        found.append(Candidate(original, f"return a view of {copies} where it returns fresh memory, or refuse such an input; {NO_SCHEMA}: "
                               f"the schema is right on other inputs, where the output is a view", UNPROVABLE, (j,)))
    elif invariant in ("tensorimpl_use_count", "storageimpl_use_count"):
        rel = relation_of.get(j, {})
        shared = rel.get("is") or rel.get("shares")
        note = upstream_note(op_name(op), invariant)
        if shared:
            alias = _alias_fix(schema, namespace, shared[0], [j], relation_of, kind.composite_implicit)
            found.append(dataclasses.replace(alias, note=note))
            found.append(dataclasses.replace(_clone(original, [j], f"on the path that returns {shared[0]}'s memory"), note=note))
        elif invariant == "tensorimpl_use_count" and j < len(op._schema.returns) and _declared_view(op._schema.returns[j]):
            found.append(Candidate(original, f"return output {j} as a fresh TensorImpl on the same memory (.alias()): it is declared a "
                                   "view, and a view's output is its own TensorImpl", "fresh_impl", (j,), note))
        if not shared:
            found.append(dataclasses.replace(_clone(original, [j], f"where something else (a cache, a saved tensor) still holds it; {NO_SCHEMA}: "
                                                     "no annotation can say what holds it"), note=note))
    return found


def widened(op, candidate: Candidate, invariant: str, remaining: dict, output: int | None = None) -> Candidate | None:
    """The fix extended to what the same invariant still names: a schema edit to a second input aliased (on the output it
    names) or a second argument written; a clone or alias kernel change to a further output. None when nothing is new."""
    contract = remaining.get("contract") or invariant
    if candidate.change in ("clone_output", "alias_output") and output is not None and output not in candidate.targets:
        which = lambda targets: ", ".join(f"output {j}" for j in targets)  # noqa: E731
        targets = (*candidate.targets, output)
        kernel = candidate.kernel.replace(which(candidate.targets), which(targets), 1)
        candidate = dataclasses.replace(candidate, targets=targets, kernel=kernel)
        if candidate.change == "clone_output":
            return candidate
    schema = schema_edit.parse(candidate.schema)
    if schema is None or candidate.change not in ("", "alias_output"):
        return None
    namespace = schema_edit.split_name(candidate.schema)[0]
    name = remaining.get("argument") if contract == "undeclared_mutation" else remaining.get("is_input") or remaining.get("overlaps")
    argument = schema_edit.argument(schema, name) if name else None
    if argument is None:
        return None
    if contract == "undeclared_mutation":
        if argument.annotation is not None and argument.annotation.is_write:
            return None
        return dataclasses.replace(candidate, schema=schema_edit.qualified(namespace, schema_edit.mark_mutable(schema, name)))
    if argument.annotation is not None:
        return None
    outputs = [output] if output is not None else [j for j, r in enumerate(schema.returns) if r.annotation is not None and not r.annotation.is_write]
    return dataclasses.replace(candidate, schema=schema_edit.qualified(namespace, schema_edit.add_alias(schema, name, outputs)))


def op_name(op) -> str:
    return catalog.qualified_name(op)
