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

Only the slow path builds one (a call the screen could not clear), and only
when a check has a candidate violation to excuse.
"""
from __future__ import annotations

import functools

import torch

SchemaInfo = torch._C._SchemaInfo
SchemaArgument = torch._C._SchemaArgument
_INPUT = torch._C._SchemaArgType.input
_OUTPUT = torch._C._SchemaArgType.output
_Tensor = torch.Tensor


def _tensors(value) -> list:
    if isinstance(value, _Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, _Tensor)]
    return []


def _storage_key(t: torch.Tensor):
    """The StorageImpl a tensor sits on, or None for one without storage (sparse, a subclass)."""
    if type(t) is not _Tensor or t.layout is not torch.strided:
        return None
    try:
        return t.untyped_storage()._cdata
    except (RuntimeError, NotImplementedError):
        return None


def share_storage(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Whether two tensors are the same tensor or sit on one StorageImpl (what ``Tensor.is_alias_of`` asks)."""
    if a is b:
        return True
    key = _storage_key(a)
    return key is not None and key == _storage_key(b)


class CallAliasing:
    """The schema's aliasing rules for one call, with the arguments it actually got."""

    def __init__(self, func, kind, args: tuple, kwargs: dict):
        self.func = func
        self.kind = kind
        names = kind.arg_names
        n = len(args)
        self.values = [args[i] if i < n else kwargs.get(names[i]) for i in range(len(names))]

    @functools.cached_property
    def _info(self):
        """SchemaInfo told the tensor (and flag) arguments; the schema alone when values cannot be told."""
        info = SchemaInfo(self.func._schema)
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
        return any(share_storage(t, u) for k in mutable for u in _tensors(self.values[k]))

    def output_may_alias(self, j: int, i: int, t: torch.Tensor) -> bool:
        """Output ``j`` may overlap argument ``i`` (tensor ``t``): it aliased on entry what ``j`` may alias."""
        if self._info.may_contain_alias(SchemaArgument(_OUTPUT, j), SchemaArgument(_INPUT, i)):
            return True
        allowed = self.kind.allowed_out_in
        return any(
            share_storage(t, u)
            for k in range(len(self.values))
            if k != i and (j, k) in allowed
            for u in _tensors(self.values[k])
        )

    def outputs_may_alias(self, j: int, k: int) -> bool:
        return self._info.may_contain_alias(SchemaArgument(_OUTPUT, j), SchemaArgument(_OUTPUT, k))
