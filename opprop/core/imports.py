"""``--import MODULE``: load the user's modules first, so the custom ops they register with torch.library exist."""
from __future__ import annotations

import importlib
import os
import sys

from opprop.core.errors import UsageError


def import_modules(names) -> None:
    if names and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # a module beside the user, as ``python -m`` would find it
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as e:
            raise UsageError(f"cannot import {name!r}: {e}") from None


def definitions_for(names) -> dict:
    """Namespace -> source file of the imported module that registers it, for repros that must stand alone.

    A module registers a namespace when its source names it as a
    ``torch.library`` namespace (``Library("ns", ...)``, ``"ns::op"``,
    ``torch.library.custom_op("ns::op")``); the first such module wins.
    """
    import re
    import torch

    found: dict = {}
    namespaces = {n.split("::", 1)[0] for n in torch._C._dispatch_get_all_op_names()} - {"aten"}
    for name in names:
        path = getattr(sys.modules.get(name), "__file__", None)
        if not path or not path.endswith(".py"):
            continue
        try:
            with open(path) as fh:
                source = fh.read()
        except OSError:
            continue
        for ns in namespaces:
            if ns not in found and re.search(rf"""["']{re.escape(ns)}(::[^"']*)?["']""", source):
                found[ns] = path
    return found
