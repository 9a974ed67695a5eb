"""Issue #51's race: the naive baseline scanner against ``opprop fuzz --jobs 2``, the same budget, one after the other.

A bug is an (op, kind) pair: an invariant, ``internal_assert`` (of a public op), ``crash:SIGNAL`` or ``hang``.
The fuzz journal's lines carry no time, but each is fsync'ed as it happens, so a finding's time is when a poll of
the growing journal first read it (a second's grain), counted from the command's start as the scanner's are.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

from opprop.core import ledger as ledgers

CHECKPOINTS_MIN = (5, 10, 30, 60)
POLL_S = 1.0


def bug_key(finding: dict) -> tuple[str, str] | None:
    """A fuzz finding's (op, kind) as the scanner names it; None for a private overload's internal assert (not a bug)."""
    detail = finding.get("detail") or {}
    if finding["invariant"] == "internal_assert" and detail.get("private"):
        return None
    kind = finding["invariant"] + (f":{detail['signal']}" if finding["invariant"] == "crash" and "signal" in detail else "")
    return finding["aten_op"], kind


def _journal_lines(path: Path, offset: int) -> tuple[list[dict], int]:
    """The whole lines written past ``offset``, and the offset after them (a torn last line waits for the next poll)."""
    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            data = fh.read()
    except FileNotFoundError:
        return [], offset
    whole = data[: data.rfind(b"\n") + 1]
    return [json.loads(line) for line in whole.splitlines() if line.strip()], offset + len(whole)


def fuzz_bugs(seconds: float, tmp: Path, ledger) -> dict:
    """``opprop fuzz`` for ``seconds``: each distinct bug with the seconds at which its journal line was read."""
    journal = tmp / "journal.jsonl"
    cmd = [sys.executable, "-m", "opprop", "fuzz", "--budget", str(seconds), "--jobs", "2", "--seed", "0",
           "--journal", str(journal), "--report", str(tmp / "report.json"), "--database", str(tmp / "db")]
    env = {**os.environ, "OPPROP_FIXES": "0"}  # the race is to find: the proofs after the sweep are no part of it
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    bugs: dict = {}
    offset = 0
    while True:
        ended = proc.poll() is not None
        records, offset = _journal_lines(journal, offset)
        for record in records:
            key = bug_key(record["finding"]) if record.get("type") == "finding" else None
            if key is not None and key not in bugs:
                bugs[key] = {"op": key[0], "kind": key[1], "seconds": round(time.monotonic() - start, 1),
                             "known": ledger.match(record["finding"]) is not None}
        if ended:
            break
        time.sleep(POLL_S)
    return {"command": "opprop fuzz --budget %g --jobs 2 --seed 0" % seconds, "exit": proc.returncode,
            "wall_s": round(time.monotonic() - start, 1), "bugs": sorted(bugs.values(), key=lambda b: b["seconds"])}


def scanner_bugs(seconds: float, tmp: Path) -> dict:
    """The baseline scanner for ``seconds``, in a fresh interpreter: its log's bugs, timed from its own start."""
    log = tmp / "scan.jsonl"
    cmd = [sys.executable, "-m", "benchmarks.baseline_scanner", "--budget", str(seconds), "--seed", "0", "--log", str(log)]
    start = time.monotonic()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[1])
    wall = time.monotonic() - start
    records = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    end = next((r for r in records if r["type"] == "end"), {})
    bugs = [{k: r[k] for k in ("op", "kind", "seconds", "known")} for r in records if r["type"] == "bug"]
    return {"command": "python -m benchmarks.baseline_scanner --budget %g --seed 0" % seconds, "exit": done.returncode,
            "wall_s": round(wall, 1), "calls": end.get("calls"), "valid": end.get("valid"), "bugs": bugs,
            **({"error": (done.stderr.strip().splitlines() or [""])[-1]} if done.returncode else {})}


def tally(bugs: list[dict], checkpoints_s) -> list[int]:
    return [sum(1 for b in bugs if b["seconds"] <= s) for s in checkpoints_s]


def run(minutes: float = 60.0, keep: str | None = None) -> dict:
    """Both sides for ``minutes`` each, the scanner first; the counts at each checkpoint within the budget.
    ``keep``: a folder for both sides' logs, kept (the sweep's journal is what ``benchmarks.heldout --journal`` reads)."""
    checkpoints = sorted({m for m in CHECKPOINTS_MIN if m <= minutes} | {minutes})
    ledger = ledgers.load_or_empty()
    if keep is not None:
        os.makedirs(keep, exist_ok=True)
    with (tempfile.TemporaryDirectory(prefix="opprop-race-") if keep is None else nullcontext(keep)) as tmp:
        scanner = scanner_bugs(minutes * 60, Path(tmp))
        fuzz = fuzz_bugs(minutes * 60, Path(tmp), ledger)
    keys = {side: {(b["op"], b["kind"]) for b in part["bugs"]} for side, part in (("baseline", scanner), ("opprop", fuzz))}
    return {"minutes": minutes, "checkpoints_min": checkpoints, "baseline": scanner, "opprop": fuzz,
            "counts": {side: tally(part["bugs"], [m * 60 for m in checkpoints]) for side, part in (("baseline", scanner), ("opprop", fuzz))},
            "both": len(keys["baseline"] & keys["opprop"]),
            "baseline_only": sorted("%s %s" % k for k in keys["baseline"] - keys["opprop"]),
            "opprop_only": sorted("%s %s" % k for k in keys["opprop"] - keys["baseline"])}


def section(part: dict) -> list:
    """The part's lines in RESULTS.md."""
    out = ["", "## Against a naive scanner (issue #51)", "",
           f"`benchmarks/baseline_scanner.py` (one process) and `opprop fuzz --jobs 2`, {part['minutes']:g} minutes each, "
           "one after the other; distinct bugs (op, kind: invariant, public internal assert, crash signal, hang) found by each "
           "checkpoint, ledgered ones included (`benchmarks/scan_race.py`).", "",
           "| minutes | " + " | ".join(f"{m:g}" for m in part["checkpoints_min"]) + " | new (unledgered) |",
           "| --- |" + " --- |" * (len(part["checkpoints_min"]) + 1)]
    for side in ("baseline", "opprop"):
        new = sum(1 for b in part[side]["bugs"] if not b["known"])
        out.append(f"| {side} | " + " | ".join(str(n) for n in part["counts"][side]) + f" | {new} |")
    out += ["", f"Found by both: {part['both']}; by the baseline only: {len(part['baseline_only'])}; "
                f"by opprop only: {len(part['opprop_only'])}.", ""]
    if part["baseline_only"]:
        out += ["Found by the baseline and not by opprop:", ""] + [f"- {k}" for k in part["baseline_only"]]
    return out
