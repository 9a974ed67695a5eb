"""A corpus of real calls: the ATen-level calls real code made, kept on disk as calls opprop can rebuild.

``checking(record=DIR)`` and ``pytest --opprop-record DIR`` write them; ``--corpus DIR`` on ``opprop
check`` and ``opprop fuzz`` starts each target from them (``generators/corpus.py`` mutates them).

On disk: DIR holds append-only JSON-lines files, one per recording process (so xdist workers and
later runs never write the same file). A line is ``{"op", "signature", "call"}``: the qualified
overload, a digest of its input signature (``findings.call_signature``: each tensor's dtype, shape,
strides, offset and which earlier argument it is, and the plain values of the rest) and the call as
a ``CallSpec`` (the one format a finding's captured call has, so it replays the same way). Reading
merges every file and deduplicates by (op, signature), keeping the first ``MAX_PER_OP`` per op.
"""
from __future__ import annotations

import hashlib
import json
import os
import socket
import time
from pathlib import Path

import torch

from opprop.check.findings import MAX_CALL_VALUES, compact
from opprop.core import quantized_engine
from opprop.core.specs import CallSpec, SpecError, TensorSpec, describe

MAX_PER_OP = 8  # distinct input signatures kept per overload: enough shapes to start from, a bounded file
ENV = "OPPROP_CORPUS"  # the corpus a run uses: set by --corpus, inherited by every worker (forked or spawned)


class CorpusError(ValueError):
    """A corpus directory that cannot be read (missing, not a directory, a line that is not a call)."""


def signature_digest(signature) -> str | None:
    """A call's input signature (``call_signature``) as a short stable text, or None when it could not be read."""
    if type(signature) is object:  # a call it cannot read (call_signature's "never the same")
        return None
    return hashlib.sha1(repr(signature).encode()).hexdigest()[:16]


def _spec(value):
    """An argument's spec before the call, as a finding's captured call has it (a fill rule where one rebuilds the
    values, else literal values), or zeros past ``MAX_CALL_VALUES`` values (a weight matrix)."""
    if isinstance(value, (list, tuple)):
        return [_spec(v) for v in value]
    spec = describe(value)
    if isinstance(spec, TensorSpec) and spec.layout == "strided":
        spec = compact(spec)
    if isinstance(spec, TensorSpec) and spec.layout == "strided" and spec.quant is None and spec.values is not None:
        if len(spec.values) > MAX_CALL_VALUES:
            return spec.replace(fill="zeros", values=None)
    return spec


def call_spec(op: str, args, kwargs) -> CallSpec:
    """The call as a CallSpec (raises SpecError for an argument opprop cannot rebuild)."""
    return CallSpec(op, tuple(_spec(a) for a in args), {k: _spec(v) for k, v in kwargs.items()}, quantized_engine.recorded())


class Writer:
    """One process's corpus file, and what is already in DIR (so a second run adds only new signatures)."""

    def __init__(self, directory, max_per_op: int = MAX_PER_OP):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.max_per_op = max_per_op
        self.path = self.directory / f"calls-{socket.gethostname()}-{os.getpid()}-{time.time_ns()}.jsonl"
        self.seen: dict = {}  # op -> signatures kept (from DIR and this process)
        for op, sig in _lines(self.directory, keys_only=True):
            kept = self.seen.setdefault(op, set())
            if len(kept) < max_per_op:
                kept.add(sig)
        self.written = 0

    def full(self, op: str) -> bool:
        return len(self.seen.get(op, ())) >= self.max_per_op

    def wants(self, op: str, signature: str) -> bool:
        kept = self.seen.get(op)
        return kept is None or (signature not in kept and len(kept) < self.max_per_op)

    def add(self, op: str, signature: str, spec: CallSpec) -> None:
        line = json.dumps({"op": op, "signature": signature, "call": spec.as_json()})
        with open(self.path, "a") as f:  # one line per write: a killed process leaves whole lines
            f.write(line + "\n")
        self.seen.setdefault(op, set()).add(signature)
        self.written += 1


def _lines(directory: Path, keys_only: bool = False):
    for path in sorted(directory.glob("*.jsonl")):
        for n, text in enumerate(path.read_text().splitlines(), 1):
            if not text.strip():
                continue
            try:
                d = json.loads(text)
                yield (d["op"], d["signature"]) if keys_only else (d["op"], d["signature"], d["call"])
            except (ValueError, KeyError, TypeError):
                if not keys_only:
                    raise CorpusError(f"{path}:{n}: not a recorded call") from None


def recorded_keys(directory) -> set:
    """The (op, signature) of every call recorded in DIR (none where DIR is not there): what a new recording skips."""
    directory = Path(directory)
    return set(_lines(directory, keys_only=True)) if directory.is_dir() else set()


def read(directory, max_per_op: int = MAX_PER_OP) -> dict[str, list[CallSpec]]:
    """op -> its recorded calls, merged over every file in DIR, deduplicated by signature, ``max_per_op`` at most."""
    directory = Path(directory)
    if not directory.is_dir():
        raise CorpusError(f"corpus {directory}: not a directory")
    calls: dict = {}
    seen: set = set()
    for op, sig, call in _lines(directory):
        if (op, sig) in seen or len(calls.get(op, ())) >= max_per_op:
            continue
        seen.add((op, sig))
        try:
            calls.setdefault(op, []).append(CallSpec.from_json(call))
        except (SpecError, KeyError, TypeError) as e:
            raise CorpusError(f"corpus {directory}: a call of {op} cannot be read ({e})") from None
    return calls


# ---------------------------------------------------------------- the corpus a run uses (--corpus)

_loaded: dict = {}  # directory -> read(directory)


def use(directory) -> str:
    """Make DIR the corpus of this process and the workers it starts; checked readable here (CorpusError)."""
    path = os.path.abspath(directory)
    read(path)
    os.environ[ENV] = path
    return path


def active() -> str | None:
    return os.environ.get(ENV) or None


def calls_for(op: str) -> list[CallSpec]:
    """The active corpus's recorded calls of ``op`` (none without a corpus)."""
    directory = active()
    if directory is None:
        return []
    if directory not in _loaded:
        _loaded[directory] = read(directory)
    return _loaded[directory].get(op, [])
