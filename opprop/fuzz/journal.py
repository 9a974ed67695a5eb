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
