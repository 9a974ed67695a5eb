"""Sweep throughput: valid examples per second over all of op_db, ``opprop fuzz --jobs 1`` against ``--jobs 2``.

Each run is the real command in a fresh process, with a fresh example
database and journal in a temporary directory so neither run replays the
other's examples. Throughput is the report's valid examples summed over
every op, divided by the command's wall time (start-up included).
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def sweep(jobs: int, budget: float, seed: int = 0, ops=None) -> dict:
    with tempfile.TemporaryDirectory(prefix="opprop-bench-") as tmp:
        report = Path(tmp) / "r.json"
        cmd = [sys.executable, "-m", "opprop", "fuzz", "--budget", str(budget), "--jobs", str(jobs), "--seed", str(seed),
               "--report", str(report), "--database", str(Path(tmp) / "db"), "--journal", str(Path(tmp) / "journal.jsonl")]
        if ops:
            cmd += ["--ops", *ops]
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=budget * 3 + 300)
        wall = time.perf_counter() - start
        if not report.exists():
            tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise RuntimeError(f"opprop fuzz --jobs {jobs} wrote no report (exit {done.returncode}): {tail}")
        ops = json.loads(report.read_text())["ops"]
    valid = sum(o.get("valid", 0) for o in ops)
    examples = sum(o.get("examples", 0) for o in ops)
    return {"jobs": jobs, "budget_s": budget, "wall_s": round(wall, 2), "ops": len(ops), "examples": examples,
            "valid": valid, "valid_per_s": valid / wall, "command": " ".join(["opprop"] + cmd[3:])}


def run(budget: float = 120.0) -> dict:
    one = sweep(1, budget)
    two = sweep(2, budget)
    return {"jobs1": one, "jobs2": two, "scaling": two["valid_per_s"] / one["valid_per_s"] if one["valid_per_s"] else None}
