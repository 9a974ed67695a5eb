"""CompositeImplicitAutograd torch.library ops: their decomposition is all a dispatch mode sees.

``mutates`` writes ``x`` with an in-place op (legal for that op: it owns its
``self``), though its own schema calls ``x`` read-only; ``returns_self``
hands back ``x`` under a schema without an alias. Only a check around the
whole call sees either. ``clean`` and ``maybe_self`` (``x`` itself when
contiguous, as ``aten::contiguous`` does, under a ``Tensor(a) -> Tensor(a)``
schema) are the controls.
"""
import torch

LIB = torch.library.Library("opprop_cia", "DEF")
LIB.define("mutates(Tensor x) -> Tensor")
LIB.define("returns_self(Tensor x) -> Tensor")
LIB.define("clean(Tensor x) -> Tensor")
LIB.define("maybe_self(Tensor(a) x) -> Tensor(a)")


def _mutates(x):
    x.add_(1)  # the schema says x is read-only
    return x * 2


def _returns_self(x):
    return x


def _clean(x):
    return x * 2


def _maybe_self(x):
    return x if x.is_contiguous() else x.contiguous()


for name, fn in [("mutates", _mutates), ("returns_self", _returns_self), ("clean", _clean), ("maybe_self", _maybe_self)]:
    LIB.impl(name, fn, "CompositeImplicitAutograd")
