"""The one place that classifies ATen operators.

Every other module asks this one whether an overload is a view, in-place,
out=, CompositeImplicitAutograd or random, and which invariants apply to it.
The answer is computed once per overload from its schema and the dispatcher,
then cached, so the dispatch-mode hot path only does a dict lookup.
"""
from __future__ import annotations

import dataclasses
import functools

import torch
from torch._ops import OpOverload

from opprop.core import build_facts
from opprop.core.opnames import overload_from_name, qualified_name  # noqa: F401  (callers ask the catalog)

from opprop.check import aliasing, invariants, pending_work
from opprop.check.invariants import (
    returns_input,
    storageimpl_use_count,
    tensorimpl_use_count,
    undeclared_alias,
    undeclared_mutation,
)

SchemaArgument = torch._C._SchemaArgument
SchemaArgType = torch._C._SchemaArgType

# The ids callers name; each invariant declares its own (opprop/check/invariants/).
TENSOR_IMPL = tensorimpl_use_count.ID
STORAGE_IMPL = storageimpl_use_count.ID
UNDECLARED_ALIAS = undeclared_alias.ID
RETURNS_INPUT = returns_input.ID
UNDECLARED_MUTATION = undeclared_mutation.ID
ALL_INVARIANTS = invariants.ids()  # every registered invariant, in rank order


class UnknownOp(ValueError):
    """An op name that names neither an OpInfo nor a registered overload."""


def _is_tensor_type(t) -> bool:
    text = str(t)
    return text.startswith("Tensor") or text in ("Optional[Tensor]", "List[Tensor]", "List[Optional[Tensor]]")


@dataclasses.dataclass(frozen=True)
class OpKind:
    """What the schema and the dispatcher say about one overload."""

    name: str  # "aten::add.Tensor"
    inplace: bool  # a non-out argument is written and returned (add_)
    out: bool  # a kwarg-only argument is written (add.out)
    mutable: bool  # any argument is written
    view: bool  # some return aliases an input without writing it
    composite_implicit: bool
    random: bool
    mutable_args: tuple[int, ...]  # positions of written arguments
    tensor_args: tuple[int, ...]  # positions of Tensor / Tensor? / Tensor[] arguments
    arg_names: tuple[str, ...]
    n_returns: int
    # (output index, input position) pairs the schema allows to alias
    allowed_out_in: frozenset
    # (output index, output index) pairs the schema allows to alias
    allowed_out_out: frozenset
    # Tensor[] returns whose elements may alias each other (``Tensor(a)[]``)
    aliased_list_returns: frozenset
    invariants: tuple[str, ...]
    returns_work: bool = False  # a c10d collective's Work: the mode may complete it before reading (pending_work.py)

    @property
    def kind(self) -> str:
        if self.inplace:
            return "inplace"
        if self.out:
            return "out"
        if self.view:
            return "view"
        if self.mutable:
            return "mutating"
        return "functional"

    def as_json(self) -> dict:
        return {
            "name": self.name,
            "kind": self.kind,
            "composite_implicit": self.composite_implicit,
            "random": self.random,
            "invariants": list(self.invariants),
        }


def invariants_for(kind: "OpKind") -> tuple[str, ...]:
    """Which invariants apply to an op of this kind: each invariant says (``Invariant.applies``)."""
    return tuple(inv.id for inv in invariants.all_invariants() if inv.applies(kind))


@functools.lru_cache(maxsize=None)
def classify(op: OpOverload) -> OpKind:
    """Classify one overload from its schema (cached: called on every dispatch)."""
    schema = op._schema
    args = schema.arguments
    rets = schema.returns
    mutable_args = tuple(i for i, a in enumerate(args) if a.alias_info is not None and a.alias_info.is_write)
    out = any(args[i].kwarg_only for i in mutable_args)
    inplace = any(not args[i].kwarg_only for i in mutable_args) and any(
        r.alias_info is not None and r.alias_info.is_write for r in rets
    )
    view = any(r.alias_info is not None and not r.alias_info.is_write for r in rets)
    cia = has_kernel(op, "CompositeImplicitAutograd")
    random = torch.Tag.nondeterministic_seeded in op.tags or any(
        str(a.type) in ("Optional[Generator]", "Generator") for a in args
    )
    info = torch._C._SchemaInfo(schema)
    allowed_out_in = frozenset(
        (j, i)
        for j in range(len(rets))
        for i in range(len(args))
        if info.may_contain_alias(SchemaArgument(SchemaArgType.output, j), SchemaArgument(SchemaArgType.input, i))
    ) | aliasing.list_element_aliases(schema)  # ``Tensor(a)[] xs -> Tensor(a)``, which SchemaInfo misses
    allowed_out_out = frozenset(
        (j, k)
        for j in range(len(rets))
        for k in range(j + 1, len(rets))
        if info.may_contain_alias(SchemaArgument(SchemaArgType.output, j), SchemaArgument(SchemaArgType.output, k))
    )
    mutable = bool(mutable_args)
    kind = OpKind(
        name=qualified_name(op),
        inplace=inplace,
        out=out,
        mutable=mutable,
        view=view,
        composite_implicit=cia,
        random=random,
        mutable_args=mutable_args,
        tensor_args=tuple(i for i, a in enumerate(args) if _is_tensor_type(a.type)),
        arg_names=tuple(a.name for a in args),
        n_returns=len(rets),
        allowed_out_in=allowed_out_in,
        allowed_out_out=allowed_out_out,
        aliased_list_returns=frozenset(j for j, r in enumerate(rets) if r.alias_info is not None),
        invariants=(),
        returns_work=pending_work.returns_work(schema),
    )
    return dataclasses.replace(kind, invariants=invariants_for(kind))


invariants.on_change(classify.cache_clear)  # a newly registered invariant applies to ops already classified


# ---------------------------------------------------------------- op lookup


@functools.lru_cache(maxsize=1)
def op_db() -> tuple:
    """OpInfo's op_db, imported lazily: it costs seconds."""
    from torch.testing._internal.common_methods_invocations import op_db as _op_db

    return tuple(_op_db)


def opinfo_id(opinfo) -> str:
    """OpInfo name plus variant, as OpInfo's own test ids spell it (``nn.functional.conv2d``, ``div.floor``)."""
    return opinfo.name + ("." + opinfo.variant_test_name if opinfo.variant_test_name else "")


@functools.lru_cache(maxsize=1)
def opinfo_aten_names() -> frozenset:
    """The aten names OpInfos are named after: op_db's seconds once per torch build (``build_facts``), not per process."""
    return frozenset(build_facts.learned("opinfo_aten_names", lambda: sorted({o.aten_name for o in op_db()})))


def needs_op_db(target: str) -> bool:
    """Whether a target's draws may read op_db: an OpInfo or module name, or an overload named like an OpInfo's op.
    Any other overload (a custom op, most of ATen) never imports it, so its check starts seconds sooner."""
    return "::" not in target or target.split("::", 1)[1].split(".")[0] in opinfo_aten_names()


@functools.lru_cache(maxsize=1)
def opinfos_by_id() -> dict:
    return {opinfo_id(o): o for o in op_db()}


@functools.lru_cache(maxsize=1)
def all_overload_names() -> tuple[str, ...]:
    """Every ``ns::op.overload`` the dispatcher knows (schemas included)."""
    names = []
    for s in torch._C._jit_get_all_schemas():
        names.append(s.name + ("." + s.overload_name if s.overload_name else ""))
    for n in torch._C._dispatch_get_all_op_names():
        names.append(n)
    return tuple(sorted(set(names)))


def all_aten_overloads() -> list[OpOverload]:
    """Every aten overload with a schema, as OpOverload objects."""
    found = []
    for name in all_overload_names():
        if not name.startswith("aten::"):
            continue
        op = overload_from_name(name)
        if op is not None:
            found.append(op)
    return found


def has_kernel(op: OpOverload, key: str) -> bool:
    """Whether the dispatcher has a kernel for ``key``; False for an op it does not hold (``prim::device``, a JIT-only op)."""
    try:
        return torch._C._dispatch_has_kernel_for_dispatch_key(qualified_name(op), key)
    except RuntimeError:  # "operator prim::device does not exist"
        return False


def has_cpu_kernel(op: OpOverload) -> bool:
    return any(
        has_kernel(op, key)
        for key in ("CPU", "CompositeExplicitAutograd", "CompositeExplicitAutogradNonFunctional", "QuantizedCPU", "SparseCPU")
    )
