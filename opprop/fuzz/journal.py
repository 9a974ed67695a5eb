"""The run's journal: one JSON line per event, appended and fsync'ed as it happens.

Workers append their findings themselves and the parent appends crashes,
hangs and per-op results, so killing the parent loses nothing already
written; the final report is built from the journal alone.
"""
from __future__ import annotations

import json
import os


class Journal:
    def __init__(self, path: str):
        self.path = path
        # O_APPEND: one os.write per line, so lines from several processes never interleave.
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def append(self, record: dict) -> None:
        line = (json.dumps(record, sort_keys=True, default=str) + "\n").encode()
        os.write(self._fd, line)
        os.fsync(self._fd)

    def close(self) -> None:
        os.close(self._fd)


def read(path: str) -> list[dict]:
    """Every whole record; a torn last line (a writer killed mid-write) is skipped."""
    records = []
    try:
        with open(path) as fh:
            for line in fh:
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError:
                    continue
    except FileNotFoundError:
        pass
    return records


class JournalError(ValueError):
    """A file that is no fuzz journal, or journals that are not shards of one torch's run: no report from them."""


def read_many(paths: list[str]) -> list[dict]:
    """The records of several shards' journals as one journal: theirs, in order, under one merged ``run`` record.

    Findings and crashes stay as recorded, so a report built from the result
    counts a finding several shards saw once, and groups every shard's raw
    crash findings together. A path given twice is read once.
    """
    unique = list({os.path.realpath(p): p for p in reversed(paths)}.values())[::-1]
    records, runs = [], []
    for path in unique:
        found = read(path)
        if not found or not all(isinstance(r, dict) and "type" in r for r in found):
            raise JournalError(f"{path} is not a fuzz journal (JSON lines, one record each)")
        if len(unique) == 1:
            return found
        for r in found:
            (runs if r.get("type") == "run" else records).append(r)
    return ([merged_run(runs)] if runs else []) + records


def merged_run(runs: list[dict]) -> dict:
    """One ``run`` record for several shards: every target, the longest budget (shards run side by side), every shard."""
    versions = sorted({r.get("torch_version") for r in runs if r.get("torch_version")})
    if len(versions) > 1:
        raise JournalError(f"the journals ran on different torch versions ({', '.join(versions)}): merge shards of one run")
    targets = list(dict.fromkeys(t for r in runs for t in r.get("targets", [])))
    skipped = list({s["generator"]: s for r in runs for s in r.get("skipped", [])}.values())
    seeds = sorted({r.get("seed") for r in runs}, key=str)
    first = runs[0]
    return {**first, "targets": targets, "skipped": skipped,
            "budget": max((r.get("budget") or 0) for r in runs), "jobs": sum((r.get("jobs") or 0) for r in runs),
            "shard": ", ".join(str(r.get("shard")) for r in runs), "shards": len(runs),
            "seed": seeds[0] if len(seeds) == 1 else seeds,
            "database": ", ".join(dict.fromkeys(str(r.get("database")) for r in runs)),
            "imports": list(dict.fromkeys(m for r in runs for m in r.get("imports") or [])),
            "started": min((r.get("started") or 0) for r in runs)}
