"""Tensor kinds, one module per family (``dense``, ``quantized``, ``sparse``, ``nested``), found by being in this package.

Each family module holds all that opprop does with its kinds: builders,
which ops take them, and (for a kind built from parts) how a live tensor is
described, read into a spec, rebuilt, written as source and shrunk. It
defines ``RANK`` (where its kinds sit, simplest first), ``KINDS`` and
``LAYOUTS``; importing this package registers them all. Adding a kind is
editing or adding one module here (docs/architecture.md walks through it).
"""
from __future__ import annotations

import importlib
import pkgutil

from opprop.core.tensor_kinds.registry import (  # noqa: F401  (the registry's API)
    KindRegistrationError,
    PartsLayout,
    ShrinkMoves,
    TensorKind,
    has_kernel,
    kind,
    kinds,
    layout,
    layout_names,
    layout_of,
    make,
    names,
    register,
    registered,
    shape_source,
    unregister,
)


def discover(path, package: str) -> None:
    """Import every family module of ``package`` and register its kinds and layouts, lowest ``RANK`` first."""
    modules = []
    for info in pkgutil.iter_modules(path):
        if info.name == "registry" or info.name.startswith("_"):
            continue
        origin = f"{package}.{info.name}"
        module = importlib.import_module(origin)
        if not isinstance(getattr(module, "RANK", None), int) or not (getattr(module, "KINDS", ()) or getattr(module, "LAYOUTS", ())):
            raise KindRegistrationError(f"{origin} must define RANK and register KINDS or LAYOUTS")
        modules.append(module)
    for module in sorted(modules, key=lambda m: (m.RANK, m.__name__)):
        register(*getattr(module, "KINDS", ()), *getattr(module, "LAYOUTS", ()))


discover(__path__, __name__)
