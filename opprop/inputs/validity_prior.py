"""The shipped validity prior: what a default sweep learned each op rejects, the start of a directory that has no record.

A 600 s sweep gives each of its 4000 targets a fraction of a second: too few
draws for ``validity.OpValidity`` to learn, in that run, the dtypes, ranks and
kinds an op refuses, so a fresh directory's first sweep spends a fifth of its
examples on refusals that every earlier sweep already saw (measured on torch
2.13 CPU: 76.8% valid from an empty directory, 88.5% from one sweep's record).
Nightly jobs start from a clean checkout, so they would never learn.

The prior is ``opprop/data/validity_prior.json.gz``: for each op, only the
choices whose record drops a value (``OpValidity.steering``), and the torch
and git version it was learned on. It is used where no ``.opprop/validity.json``
(or ``OPPROP_VALIDITY``) exists yet, on the same torch minor version only (a
value refused on 2.13 may be accepted on 2.14, and a dropped value is never
drawn again), and never when ``OPPROP_PRIOR=0`` (``opprop fuzz --no-prior``).
It only steers draws: a value it drops is one the op refused three times or
more, and a choice all of whose values were refused keeps them all.
Refined by ``opprop fuzz --budget 600 --jobs 2 --prior-out
opprop/data/validity_prior.json.gz`` from an empty directory: the run starts
from the shipped prior and writes what it knew at the end, so each run adds its
learning (``--no-prior`` starts over). The file says how it was made.
"""
from __future__ import annotations

import functools
import gzip
import json
import os
from pathlib import Path

import torch

PATH = Path(__file__).resolve().parent.parent / "data" / "validity_prior.json.gz"
SWITCH = "OPPROP_PRIOR"


def wanted() -> bool:
    return os.environ.get(SWITCH, "1") != "0"


def torch_minor(version: str = torch.__version__) -> str:
    """``2.13`` for ``2.13.0+cpu``: the prior's validity holds within one minor version."""
    return ".".join(version.split("+")[0].split(".")[:2])


@functools.lru_cache(maxsize=4)
def read(path: Path) -> dict:
    """The prior's file: ``{"torch": ..., "git": ..., "about": ..., "ops": {name: {"choices": ...}}}``; {} without one."""
    try:
        with gzip.open(path, "rt") as fh:
            return json.load(fh)
    except (OSError, ValueError, EOFError):
        return {}


def _unused_because(data: dict) -> str | None:
    """Why a prior read from its file is not used here (absent, switched off, another torch), or None."""
    if not data:
        return "none shipped"
    if not wanted():
        return f"off ({SWITCH}=0)"
    if torch_minor(data.get("torch", "")) != torch_minor():
        return f"not used on torch {torch.__version__}"
    return None


def ops(path: Path | None = None) -> dict[str, dict]:
    """Each op's prior record (``OpValidity`` data), or {} when it is off, absent or learned on another torch."""
    data = read(path or PATH)
    return {} if _unused_because(data) else data.get("ops", {})


def one_line(path: Path | None = None) -> str:
    """What a fuzz run says it starts from."""
    data = read(path or PATH)
    if not data:
        return "validity prior: none shipped"
    why = _unused_because(data)
    about = f"{len(data.get('ops', {}))} op(s)' refusals learned on torch {data.get('torch')} ({str(data.get('git'))[:12]})"
    if why is not None:
        return f"validity prior: {why}; it has {about}"
    return f"validity prior: {about}, where no .opprop/validity.json exists; --no-prior turns it off"


def write(path, steering: dict[str, dict], about: str) -> int:
    """Write a prior of ``steering`` (op -> its steering choices); return its size in bytes."""
    data = {"torch": torch.__version__, "git": torch.version.git_version, "about": about,
            "ops": {name: {"choices": choices} for name, choices in sorted(steering.items()) if choices}}
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    with gzip.GzipFile(tmp, "wb", mtime=0) as fh:  # mtime 0: the same prior gives the same bytes
        fh.write(json.dumps(data, separators=(",", ":"), sort_keys=True).encode())
    os.replace(tmp, path)
    read.cache_clear()
    return path.stat().st_size
