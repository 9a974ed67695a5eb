"""Opaque arguments and the calls that made them: a TorchScript object (a packed weight) kept with its producer's call.

A packed weight has no description of its own: it is what its producer
(``quantized::linear_prepack``, ...) made from tensors. Whoever makes one
for a call (a schema draw's ``Produced``, a ``ProducedSpec`` built again)
registers it with the producer's call, and a capture of the consumer's call
(``specs.describe``, a finding's call, a crash record) looks it up and keeps
the producer's call in its place, which rebuilds a fresh object each time.

The lookup lives as long as the object the producer returned: a dispatch
mode is handed a fresh Python wrapper of the same object each time, so an
object is known by its C++ address (``hash`` of a ``ScriptObject``), which
no other object takes while the registered wrapper holds it; when that
wrapper dies, the entry goes with it, and nothing outlives the call.
"""
from __future__ import annotations

import dataclasses
import itertools
import weakref

import torch

_MADE: dict = {}  # the object's C++ address -> (token, the producer's call)
_TOKENS = itertools.count()


@dataclasses.dataclass(frozen=True)
class Made:
    """A producer's call as it was made: what ``register`` keeps (a schema draw's ``SchemaCall`` has the same fields)."""

    target: str  # the producer's qualified overload name
    fn: object
    args: tuple
    kwargs: dict


class Unmade:
    """An opaque argument not yet made (a schema draw's ``Produced``): ``call`` is its producer's call."""

    __slots__ = ()
    call: object


def _key(obj) -> int:
    try:
        return hash(obj)  # a ScriptObject hashes as its C++ object's address: the same through every wrapper
    except (TypeError, RuntimeError):  # a class whose own __hash__ refuses: known by this wrapper alone
        return id(obj)


def register(obj, call) -> None:
    """``obj`` (a producer's return) was made by ``call`` (``target``, ``fn``, ``args``, ``kwargs``), until ``obj`` dies."""
    if not isinstance(obj, torch.ScriptObject):
        return
    key, token = _key(obj), next(_TOKENS)
    _MADE[key] = (token, call)
    weakref.finalize(obj, _forget, key, token)


def _forget(key: int, token: int) -> None:
    if _MADE.get(key, (None,))[0] == token:  # not an entry a later registration of the same object made
        del _MADE[key]


def producer_call(value):
    """The call that made ``value`` (a registered ScriptObject, or an ``Unmade`` argument), or None."""
    if isinstance(value, Unmade):
        return value.call
    if isinstance(value, torch.ScriptObject):
        entry = _MADE.get(_key(value))
        return None if entry is None else entry[1]
    return None


@dataclasses.dataclass(frozen=True)
class ProducedSpec:
    """An opaque argument rebuilt by calling its producer again: ``call`` is the producer's ``CallSpec``."""

    call: object

    def build(self):
        """A fresh object from the producer, registered as made by it (so a capture of the consumer finds it again)."""
        args, kwargs = self.call.build()
        fn = self.call.overload
        obj = fn(*args, **kwargs)
        register(obj, Made(self.call.op, fn, tuple(args), dict(kwargs)))
        return obj

    def replace(self, **changes) -> "ProducedSpec":
        return dataclasses.replace(self, **changes)
