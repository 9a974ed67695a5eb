"""The invariants, one module each, found by being in this package.

Every module here (except ``base``) must define ``INVARIANT``, an
``Invariant`` with a unique id; importing the package registers them all.
A module that defines none, or reuses an id, stops the import with an
error naming it: a forgotten registration never silently drops a check.
"""
from __future__ import annotations

import importlib
import pkgutil

from opprop.check.invariants.base import (
    Invariant,
    InvariantRegistrationError,
    ObservedCall,
    Violation,
    all_invariants,
    annotate_alias,
    get,
    ids,
    on_change,
    register,
    unregister,
)

_NOT_INVARIANTS = {"base"}


def discover(path, package: str) -> None:
    """Import every module of ``package`` (at ``path``) and register its ``INVARIANT``."""
    for info in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        if info.name in _NOT_INVARIANTS or info.name.startswith("_"):
            continue
        origin = f"{package}.{info.name}"
        module = importlib.import_module(origin)
        if not hasattr(module, "INVARIANT"):
            raise InvariantRegistrationError(f"{origin} defines no INVARIANT: every module of {package} must register one")
        register(module.INVARIANT, origin=origin)


discover(__path__, __name__)
