"""Sweep throughput: valid examples per second, ``opprop fuzz --jobs 1`` against ``--jobs 2``, on the same work.

Every run does identical work: the default sweep's every target (all of
op_db's OpInfos and the edge-mode generators) run to ``PER_OP_EXAMPLES``
examples, with a budget far above what that takes, so each run ends when
its work is done. (A budgeted sweep compares different work: the two runs
reach different ops, whose costs differ by 100x.) Each run is the real
command in a fresh process, with a fresh example database and journal in a
temporary directory so no run replays another's examples. The runs go in
the order 1, 2, 2, 1 per round, so drift of the machine weighs on both
sides alike. Throughput is valid examples summed over the runs of a side
divided by their wall time (start-up included).
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
        if not ops:  # the fixed work: op_db and the edge generators, not the schema-only overloads and modules the default sweep now adds
            from opprop.fuzz.targets import fuzz_targets

            ops = list(fuzz_targets("cpu", all_aten=False, modules=False).names)
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


def run(budget: float = 1200.0, rounds: int = 1) -> dict:
    runs = [sweep(jobs, budget) for _ in range(rounds) for jobs in (1, 2, 2, 1)]
    sides = {}
    for jobs in (1, 2):
        mine = [r for r in runs if r["jobs"] == jobs]
        wall, valid = sum(r["wall_s"] for r in mine), sum(r["valid"] for r in mine)
        sides[f"jobs{jobs}"] = {"jobs": jobs, "runs": len(mine), "wall_s": round(wall, 2), "valid": valid, "valid_per_s": valid / wall}
    one, two = sides["jobs1"]["valid_per_s"], sides["jobs2"]["valid_per_s"]
    return {**sides, "runs": runs, "scaling": two / one if one else None}
