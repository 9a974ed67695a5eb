"""Sweep throughput: valid examples per second, ``opprop fuzz --jobs 1`` against ``--jobs 2``, on the same work.

Both runs do identical work: every OpInfo of the fixed overhead set
(``op_set.kept()``, 215 ops picked by a rule) run to ``PER_OP_EXAMPLES``
examples, with a budget far above what that takes, so each run ends when
its work is done. (A budgeted sweep over all of op_db compares different
work: the two runs reach different ops, whose costs differ by 100x.)
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


PER_OP_EXAMPLES = 10


def sweep(jobs: int, budget: float, seed: int = 0, ops=None, per_op: int = PER_OP_EXAMPLES) -> dict:
    with tempfile.TemporaryDirectory(prefix="opprop-bench-") as tmp:
        report = Path(tmp) / "r.json"
        cmd = [sys.executable, "-m", "opprop", "fuzz", "--budget", str(budget), "--jobs", str(jobs), "--seed", str(seed),
               "--per-op-examples", str(per_op), "--report", str(report), "--database", str(Path(tmp) / "db"), "--journal", str(Path(tmp) / "journal.jsonl")]
        if ops:
            cmd += ["--ops", *ops]
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=budget * 3 + 300)
        wall = time.perf_counter() - start
        if not report.exists():
            tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise RuntimeError(f"opprop fuzz --jobs {jobs} wrote no report (exit {done.returncode}): {tail}")
        ops = json.loads(report.read_text())["ops"]
    not_run = sum(1 for o in ops if o.get("status") == "not_run")
    valid = sum(o.get("valid", 0) for o in ops)
    examples = sum(o.get("examples", 0) for o in ops)
    return {"jobs": jobs, "budget_s": budget, "wall_s": round(wall, 2), "ops": len(ops), "not_run": not_run, "examples": examples,
            "valid": valid, "valid_per_s": valid / wall, "command": " ".join(["opprop"] + [a for a in cmd[3:] if not a.startswith(tempfile.gettempdir())][:12]) + " ..."}


def run(budget: float = 1200.0) -> dict:
    from . import op_set

    names = op_set.kept()
    one = sweep(1, budget, ops=names)
    two = sweep(2, budget, ops=names)
    return {"jobs1": one, "jobs2": two, "scaling": two["valid_per_s"] / one["valid_per_s"] if one["valid_per_s"] else None}
