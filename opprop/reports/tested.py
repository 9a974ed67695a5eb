"""Whether a target was tested at all: the one place that says "not tested" or "tested N of M".

A run that called an op with no valid input checked nothing, and "0
findings" would read as clean. So every output (``opprop check``'s lines
and exit status, the JSON reports, the fuzz summary) states each target's
status from its valid and total example counts, and names the messages the
op rejected its inputs with most often: what a user needs to give it valid
inputs.
"""
from __future__ import annotations

import re

TESTED, PARTLY_TESTED, NOT_TESTED = "tested", "partly_tested", "not_tested"
TOP_REJECTIONS = 3
_NUMBER = re.compile(r"\d+")


def status(valid: int, examples: int) -> str:
    """``not_tested`` without a valid example (none run included), ``partly_tested`` with fewer than ran, else ``tested``."""
    if valid <= 0:
        return NOT_TESTED
    return PARTLY_TESTED if valid < examples else TESTED


def top_rejections(error_kinds: dict | None, n: int = TOP_REJECTIONS) -> list[tuple[str, int]]:
    """The op's most frequent rejection messages, most frequent first: messages that differ only in their
    numbers (sizes, indices) count as one, shown by the first of them."""
    groups: dict[str, list] = {}
    for error, count in (error_kinds or {}).items():
        group = groups.setdefault(_NUMBER.sub("#", error), [error, 0])
        group[1] += count
    return sorted(((e, c) for e, c in groups.values()), key=lambda ec: -ec[1])[:n]


def as_json(valid: int, examples: int, error_kinds: dict | None) -> dict:
    """The status as reports carry it (``tested`` in a check report, in each fuzz op row)."""
    return {"status": status(valid, examples), "valid": valid, "examples": examples,
            "top_rejections": [{"error": e, "count": c} for e, c in top_rejections(error_kinds)]}


def line(name: str, valid: int, examples: int) -> str:
    """One line: ``NAME: not tested: no valid example of N`` or ``NAME: tested V of N examples (valid)``."""
    if status(valid, examples) == NOT_TESTED:
        return f"{name}: not tested: no valid example of {examples}"
    return f"{name}: tested {valid} of {examples} examples (valid)"


def why_lines(error_kinds: dict | None) -> list[str]:
    """The top rejection messages, one indented line each (why a target was not, or partly, tested)."""
    return [f"  rejected {c}x, e.g. {e}" for e, c in top_rejections(error_kinds)]
