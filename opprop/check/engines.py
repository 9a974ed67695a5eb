"""Which engine ``runner.run_call`` checks its calls with: one switch, ``OPPROP_ENGINE``, for all its callers.

``python`` (the default) is the dispatch mode (``mode.py``); ``native`` is the C++ engine (``native_engine.py``), so
the property tests, ``opprop check`` and ``fuzz`` can be run with either. No torch here: the command line asks it
before any command runs, and a name it does not know is one line and exit 2 there.
"""
from __future__ import annotations

import os

from opprop.core.errors import UsageError

SWITCH = "OPPROP_ENGINE"
ENGINES = ("python", "native")


def engine() -> str:
    """The engine OPPROP_ENGINE names ("python" when unset); a name it does not know is a UsageError."""
    name = os.environ.get(SWITCH, "python")
    if name not in ENGINES:
        raise UsageError(f"{SWITCH}={name!r}: not an engine; one of {', '.join(ENGINES)}")
    return name
