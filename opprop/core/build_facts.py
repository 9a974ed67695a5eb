"""Facts about the installed torch build that cost a fresh interpreter seconds to learn, kept on disk per build.

Each fact is a function of the build alone (torch's files, this interpreter and, where it says so, the environment),
so it is learned once per build and read in milliseconds after: ``opprop check`` on a custom op no longer imports
op_db (about 2.5 s of CPU) or starts an interpreter to count torch's threads (about 1.5 s) in every process.

``OPPROP_CACHE_DIR`` moves the folder (default ``$XDG_CACHE_HOME/opprop``, else ``~/.cache/opprop``). A file that
cannot be read is learned again; a folder that cannot be written costs the seconds, never the answer.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable

import torch


def directory() -> str:
    """Where the facts are kept."""
    explicit = os.environ.get("OPPROP_CACHE_DIR")
    if explicit:
        return explicit
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "opprop")


def build_key(*more: str) -> str:
    """The build the facts belong to: torch's version, commit and files, and this interpreter."""
    parts = (torch.__version__, str(torch.version.git_version), os.path.realpath(torch.__file__), os.path.realpath(sys.executable),
             sys.implementation.cache_tag or "", *more)
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]


def learned(name: str, learn: Callable[[], object], *key: str):
    """The fact ``name`` of this build (and ``key``): read from disk, else ``learn()``-ed and kept.

    ``learn`` returns None for "unknown here": that answer is not kept, so the next process tries again.
    """
    path = os.path.join(directory(), f"{name}-{build_key(*key)}.json")
    try:
        with open(path) as fh:
            return json.load(fh)["value"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    value = learn()
    if value is not None:
        _keep(path, value)
    return value


def _keep(path: str, value) -> None:
    """Written whole or not at all (a reader in another process never sees half a file)."""
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
        with os.fdopen(fd, "w") as fh:
            json.dump({"value": value}, fh)
        os.replace(tmp, path)
    except OSError:
        pass
