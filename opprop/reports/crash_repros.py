"""The crashes ``opprop check`` isolated, as repros: rebuilt, shrunk, grouped and written by ``opprop.reports.crash_groups``.

One raw finding per (op, signal) is rebuilt (each costs forks and a gdb
run); the others that died the same way in the same op join its group
unrebuilt. Each group's repro path, or why it has none, is printed.
"""
from __future__ import annotations

import sys

from opprop.core.outcomes import OutcomeKind


def write_repros(lost: list[dict], out_dir: str, *, imports, frames: bool = True) -> list[dict]:
    """The crash groups (as JSON) of the ``crash`` findings in ``lost``; prints one line per group."""
    from opprop.core.imports import definitions_for
    from opprop.reports import crash_groups

    first: dict = {}
    for f in lost:
        if f["invariant"] == OutcomeKind.CRASH:
            first.setdefault((f["aten_op"], (f.get("detail") or {}).get("signal")), []).append(f)
    groups = crash_groups.group([fs[0] for fs in first.values()], out_dir, definitions=definitions_for(imports),
                                log=lambda m: print(m, file=sys.stderr), keep_frame=False, frames=frames)
    for g in groups:
        rest = next((fs[1:] for fs in first.values() if fs[0] in g.findings), [])
        g.findings += rest
        where = f"repro written to {g.path}" if g.path else g.note or "no repro"
        print(f"crash: {g.op} {g.outcome.text()}: {where} ({len(g.findings)} raw finding(s))", flush=True)
    return [g.as_json() for g in groups]
