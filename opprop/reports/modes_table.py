"""Which edge modes and argument relations (``generators.schedule``) ran, and which of them validly, per op.

A mode that ran only in rejected calls was tried but not tested: the op
refused it (0-d, zero-size, ...) or something else in those calls. Both
``opprop check`` and the fuzz summary say so, per op.
"""
from __future__ import annotations


def split(modes: dict) -> tuple[list[str], list[str]]:
    """(modes with a valid call, modes tried only in rejected calls), each sorted."""
    valid = sorted(m for m, (_, ok) in modes.items() if ok)
    never = sorted(m for m, (_, ok) in modes.items() if not ok)
    return valid, never


def line(modes: dict) -> str:
    """One line for ``opprop check``: how many modes ran validly, and those that never did."""
    valid, never = split(modes)
    text = f"edge modes: {len(valid)} of {len(modes)} ran validly"
    return text + (f"; only in rejected calls: {', '.join(never)}" if never else "")


def render(ops: list[dict]) -> list[str]:
    """The fuzz summary's table: per op with schema-driven draws, its modes that ran validly and those that never did."""
    rows = [o for o in ops if o.get("modes")]
    lines = [f"## Edge modes per op ({len(rows)})",
             "Modes and relations each op's schema draws ran (`choice=value`; generators/schedule.py): valid in some call, or only in rejected ones.",
             "", "| op | ran validly | only in rejected calls |", "| --- | --- | --- |"]
    for o in sorted(rows, key=lambda o: o["name"]):
        valid, never = split(o["modes"])
        lines.append(f"| `{o['name']}` | {len(valid)}/{len(o['modes'])}: {', '.join(valid) or '-'} | {', '.join(never) or '-'} |")
    if not rows:
        lines = lines[:2] + ["none"]
    return lines + [""]
