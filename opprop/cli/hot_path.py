"""The one line a command prints when its checks run without the compiled hot path, and why."""
from __future__ import annotations

import sys


def say_hot_path() -> None:
    """Load (or build, or wait for) the compiled hot path now, before any example's time runs; one line when it is unavailable."""
    from opprop.check import hot_path

    if hot_path.load() is None:
        print(hot_path.status(), file=sys.stderr)
