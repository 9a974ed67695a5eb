"""The run's journal: one JSON line per event, appended and fsync'ed as it happens.

Workers append their findings themselves and the parent appends crashes,
hangs and per-op results, so killing the parent loses nothing already
written; the final report is built from the journal alone. Each line is one
of ``messages.JOURNAL``'s records.
"""
from __future__ import annotations

import dataclasses
import json
import os

from opprop.fuzz.messages import JOURNAL, RecordError, Record, Run, parse


class Journal:
    def __init__(self, path: str):
        self.path = path
        # O_APPEND: one os.write per line, so lines from several processes never interleave.
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def append(self, record: Record) -> None:
        line = (json.dumps(record.as_json(), sort_keys=True, default=str) + "\n").encode()
        os.write(self._fd, line)
        os.fsync(self._fd)

    def close(self) -> None:
        os.close(self._fd)


class JournalError(ValueError):
    """A file that is no fuzz journal, or journals that are not shards of one torch's run: no report from them."""


def read(path: str) -> list[Record]:
    """Every whole record; a torn line (a writer killed mid-write) is skipped. JournalError: a line that is JSON but
    no journal record (another file, or a journal of an opprop that writes a record this one does not know)."""
    records = []
    try:
        with open(path) as fh:
            for number, line in enumerate(fh, 1):
                try:
                    value = json.loads(line)
                except json.JSONDecodeError:
                    continue
                try:
                    records.append(parse(value, JOURNAL))
                except RecordError as e:
                    raise JournalError(f"{path} is not a fuzz journal this opprop reads: line {number}: {e}") from None
    except FileNotFoundError:
        pass
    return records


def read_many(paths: list[str]) -> list[Record]:
    """The records of one journal, or of several shards' journals as one: theirs, in order, under one merged ``Run``.

    Findings and crashes stay as recorded, so a report built from the result
    counts a finding several shards saw once, and groups every shard's raw
    crash findings together. A path given twice is read once.
    """
    unique = list({os.path.realpath(p): p for p in reversed(paths)}.values())[::-1]
    records, runs = [], []
    for path in unique:
        found = read(path)
        if not found:
            raise JournalError(f"{path} is not a fuzz journal (JSON lines, one record each)")
        if len(unique) == 1:
            return found
        for r in found:
            (runs if isinstance(r, Run) else records).append(r)
    return ([merged_run(runs)] if runs else []) + records


def merged_run(runs: list[Run]) -> Run:
    """One ``Run`` for several shards: every target, the longest budget (shards run side by side), every shard."""
    versions = sorted({r.torch_version for r in runs if r.torch_version})
    if len(versions) > 1:
        raise JournalError(f"the journals ran on different torch versions ({', '.join(versions)}): merge shards of one run")
    seeds = sorted({r.seed for r in runs}, key=str)
    return dataclasses.replace(
        runs[0], targets=list(dict.fromkeys(t for r in runs for t in r.targets)),
        skipped=list({s["generator"]: s for r in runs for s in r.skipped}.values()),
        budget=max((r.budget or 0) for r in runs), jobs=sum((r.jobs or 0) for r in runs),
        shard=", ".join(str(r.shard) for r in runs), shards=len(runs), seed=seeds[0] if len(seeds) == 1 else seeds,
        database=", ".join(dict.fromkeys(str(r.database) for r in runs)),
        imports=list(dict.fromkeys(m for r in runs for m in r.imports or [])), started=min((r.started or 0) for r in runs))
