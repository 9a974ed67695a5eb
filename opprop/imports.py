"""``--import MODULE``: load the user's modules first, so the custom ops they register with torch.library exist."""
from __future__ import annotations

import importlib
import os
import sys

from .errors import UsageError


def import_modules(names) -> None:
    if names and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # a module beside the user, as ``python -m`` would find it
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as e:
            raise UsageError(f"cannot import {name!r}: {e}") from None
