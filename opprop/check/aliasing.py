"""What a schema allows for one call, given which of its arguments already share memory.

A schema alone says ``mul_(Tensor(a!) self, Tensor other)``: ``other`` is
read-only and the output aliases only ``self``. Called as ``x.mul_(x)``,
``other`` *is* ``self``: it legally changes, and the output legally aliases
it. ``torch._C._SchemaInfo`` with ``add_argument_values`` does this analysis
(SchemaCheckMode uses it); this module wraps that private API in one place
and adds what it misses: tensors inside ``Tensor[]`` arguments (SchemaInfo
compares lists as objects, so ``_foreach_mul_([a], [a])`` looks unaliased).

Two rules, both decided from the call's actual arguments:
- an argument that shares storage with an argument the schema marks mutable
  (``Tensor(a!)``) may change during the call;
- an output may alias anything that an allowed alias of it already aliased.

"On entry" matters: ``x.set_(y)`` leaves ``x`` on ``y``'s storage, which
read afterwards would excuse the output aliasing ``y``. So the dispatch mode
records, before a mutating op runs, the storage of each argument it may
write (``entry_storages``: one cached wrapper read per written tensor); the
other arguments' storage is their storage now (a read-only argument whose
storage moved is an undeclared mutation of its own).

Only the slow path builds a ``CallAliasing`` (a call the screen could not
clear), and it asks SchemaInfo only when a check has a candidate violation
to excuse.
"""
from __future__ import annotations

import functools
import re

import torch

from opprop.check.probe import PLAIN_TYPES

SchemaInfo = torch._C._SchemaInfo
SchemaArgument = torch._C._SchemaArgument
_INPUT = torch._C._SchemaArgType.input
_OUTPUT = torch._C._SchemaArgType.output
_Tensor = torch.Tensor
_PLAIN = PLAIN_TYPES
_strided = torch.strided


def _tensors(value) -> list:
    if isinstance(value, _Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, _Tensor)]
    return []


_ELEMENT_SET = re.compile(r"Tensor\(([a-z]+)(!?)\)\[\] (\w+)")  # ``Tensor(a)[] tensors`` (``a!``: written): a list annotated on its elements


def list_element_aliases(schema) -> frozenset:
    """(output, argument) pairs where the argument is a list annotated on its elements (``Tensor(a)[] tensors``) and
    the output is in that set (``-> Tensor(a)``): the output may alias an element.

    The schema language says so: torchgen (which reads native_functions.yaml, and which
    ``torch.utils._python_dispatch.get_alias_info`` uses for ATen ops) gives such an argument the set ``a``, and the
    JIT's alias analysis binds ``Tensor(a)[]`` to ``a``. SchemaInfo reads only the list's own set, which is empty, so
    it never allows it (nor does SchemaCheckMode). Python sees no element set either, so it is read from the text.
    """
    element_set = {name: alias for alias, _, name in _ELEMENT_SET.findall(str(schema).partition(") -> ")[0])}
    if not element_set:
        return frozenset()
    positions = {a.name: i for i, a in enumerate(schema.arguments)}
    return frozenset(
        (j, positions[name])
        for j, r in enumerate(schema.returns)
        if r.alias_info is not None
        for name, alias in element_set.items()
        if name in positions and alias in r.alias_info.before_set
    )


def element_sets(schema) -> frozenset:
    """The alias sets of the list arguments annotated on their elements (``Tensor(a)[] xs``: ``a``)."""
    return frozenset(alias for alias, _, _ in _ELEMENT_SET.findall(str(schema).partition(") -> ")[0]))


def written_element_lists(schema) -> frozenset:
    """Positions of the list arguments annotated as written on their elements (``Tensor(a!)[] xs``)."""
    written = {name for _, bang, name in _ELEMENT_SET.findall(str(schema).partition(") -> ")[0]) if bang}
    return frozenset(i for i, a in enumerate(schema.arguments) if a.name in written)


def storage_of(t: torch.Tensor):
    """The storage a tensor sits on, or None for one without storage (sparse, a subclass).

    Python keeps one wrapper per StorageImpl while it is held: its identity is the StorageImpl's.
    """
    if type(t) not in _PLAIN or t.layout is not _strided:
        return None
    try:
        return t.untyped_storage()
    except (RuntimeError, NotImplementedError):
        return None


def entry_storages(inputs: list, kind) -> list:
    """Before a mutating op runs: per input, the storage of a tensor the op may write (None for the others)."""
    mutable_args = kind.mutable_args
    found = []
    for i, t in inputs:  # a loop, not a comprehension: one frame less
        found.append(storage_of(t) if i in mutable_args else None)
    return found


class CallAliasing:
    """The schema's aliasing rules for one call, with the arguments it actually got."""

    def __init__(self, func, kind, args: tuple, kwargs: dict, inputs: list = (), entry: list | None = None):
        self.func = func
        self.kind = kind
        names = kind.arg_names
        n = len(args)
        self.values = [args[i] if i < n else kwargs.get(names[i]) for i in range(len(names))]
        # id(tensor) -> its storage on entry, for the tensors the op may write
        self._entry = {id(t): s for (_, t), s in zip(inputs, entry or ()) if s is not None}
        # a written argument that moved to another storage: the values now are not the values on entry
        self._moved = any(storage_of(t) is not s for (_, t), s in zip(inputs, entry or ()) if s is not None)

    def _on_entry(self, t):
        if id(t) in self._entry:
            return self._entry[id(t)]
        return storage_of(t)

    def share_storage(self, a: torch.Tensor, b: torch.Tensor) -> bool:
        """Whether two tensors sat on one StorageImpl when the call began (what ``Tensor.is_alias_of`` asks)."""
        if a is b:
            return True
        s = self._on_entry(a)
        return s is not None and s is self._on_entry(b)

    @functools.cached_property
    def _info(self):
        """SchemaInfo told the tensor (and flag) arguments; the schema alone when values cannot be told.

        Told nothing either when a written argument moved storage: SchemaInfo
        would read the aliasing the call created as aliasing on entry.
        """
        info = SchemaInfo(self.func._schema)
        if self._moved:
            return info
        values = {}
        for name, v in zip(self.kind.arg_names, self.values):
            if isinstance(v, (_Tensor, bool)) or (isinstance(v, (list, tuple)) and v and all(isinstance(x, _Tensor) for x in v)):
                values[name] = v
        try:
            info.add_argument_values(values)
        except (RuntimeError, TypeError, ValueError):
            info = SchemaInfo(self.func._schema)  # the schema's own answers: stricter, never looser
        return info

    def input_may_change(self, i: int, t: torch.Tensor) -> bool:
        """Argument ``i`` (tensor ``t``, an element when ``i`` is a list) shares storage with a mutable argument.

        Mutable as the schema annotates it (``Tensor(a!)``), not as
        ``SchemaInfo.is_mutable`` answers: that one also calls batch norm's
        ``running_mean`` mutable when ``training`` is set, a schema bug it
        papers over and opprop reports (see expected/ledger.toml).
        """
        mutable = self.kind.mutable_args
        if i in mutable:
            return True
        return any(self.share_storage(t, u) for k in mutable for u in _tensors(self.values[k]))

    def output_may_alias(self, j: int, i: int, t: torch.Tensor) -> bool:
        """Output ``j`` may overlap argument ``i`` (tensor ``t``): it aliased on entry what ``j`` may alias."""
        if self._info.may_contain_alias(SchemaArgument(_OUTPUT, j), SchemaArgument(_INPUT, i)):
            return True
        allowed = self.kind.allowed_out_in
        return any(
            self.share_storage(t, u)
            for k in range(len(self.values))
            if k != i and (j, k) in allowed
            for u in _tensors(self.values[k])
        )

    def outputs_may_alias(self, j: int, k: int) -> bool:
        return self._info.may_contain_alias(SchemaArgument(_OUTPUT, j), SchemaArgument(_OUTPUT, k))
