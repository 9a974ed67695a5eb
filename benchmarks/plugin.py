"""The pytest plugin part: wall time of the PyTorch-idioms test module plain, under ``--opprop``, and under SchemaCheckMode.

Each way is one ``python -m pytest`` subprocess (start-up and collection
included, as a user sees it), run in rotating order for ``rounds`` rounds;
the minimum per way is kept. Ratios are against the plain run.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULE = "tests/idioms/test_torch_idioms.py"
WAYS = {
    "plain": [],
    "opprop": ["--opprop"],
    "schema_check": ["-p", "benchmarks.schema_check_plugin"],
}


def _once(extra: list) -> tuple[float, str]:
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONWARNINGS="ignore")
    cmd = [sys.executable, "-m", "pytest", MODULE, "-q", "-p", "no:randomly", "-p", "no:cacheprovider", *extra]
    start = time.perf_counter()
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    tail = [line for line in out.stdout.splitlines() if re.search(r"\d+ (passed|failed)", line)]
    return seconds, (tail[-1].strip("= ") if tail else f"exit {out.returncode}")


def run(rounds: int = 3, progress=None) -> dict:
    times = {way: [] for way in WAYS}
    outcome = {}
    order = list(WAYS)
    total = rounds * len(order)
    for r in range(rounds):
        for k, way in enumerate(order[r % len(order):] + order[: r % len(order)]):
            seconds, outcome[way] = _once(WAYS[way])
            times[way].append(seconds)
            if progress:
                progress(r * len(order) + k + 1, total, way)
    best = {way: min(ts) for way, ts in times.items()}
    return {
        "module": MODULE,
        "rounds": rounds,
        "seconds": best,
        "all_seconds": times,
        "outcome": outcome,
        "ratios": {
            "opprop/plain": best["opprop"] / best["plain"],
            "schema_check/plain": best["schema_check"] / best["plain"],
            "schema_check/opprop": best["schema_check"] / best["opprop"],
        },
    }
