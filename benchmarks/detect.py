"""Time to detect: how long a cold ``opprop check`` takes to report each ledgered violation.

For every (aten op, invariant) in expected/ledger.toml, plus the violations
this project was started to find (``REQUIRED``, in case the ledger does not
list them yet), run ``benchmarks.detect_one`` (the real ``opprop check`` in a
fresh process) once per seed, and report the median seconds from process
start to the first result carrying the violation, the median number of
examples run until then, and op_db's import time on its own.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys

from opprop.check import catalog
from opprop.core import ledger

# Violations the project exists to find; detected whether or not the ledger lists them yet.
REQUIRED = (
    ("aten::q_per_channel_scales", catalog.TENSOR_IMPL),
    ("aten::q_per_channel_zero_points", catalog.TENSOR_IMPL),
    ("aten::dequantize.self", catalog.RETURNS_INPUT),
    ("aten::_unsafe_view", catalog.STORAGE_IMPL),
    ("aten::unsafe_split.Tensor", catalog.STORAGE_IMPL),
    ("aten::lift_fresh", catalog.RETURNS_INPUT),
)

# What to ``opprop check`` for an aten op that only breaks an invariant inside a composite
# OpInfo: the ledger entry's ``found_via`` (kron for _unsafe_view, __getitem__ for lift_fresh,
# nn.functional.batch_norm for native_batch_norm); every other op is checked by its own name.

SEEDS = (0, 1, 2, 3, 4)


def violations() -> list:
    found = dict.fromkeys(REQUIRED)
    for entry in ledger.load().entries.values():
        found.setdefault(entry.key)
    return sorted(found)


def target_for(aten_op: str) -> str:
    for entry in ledger.load().entries.values():
        if entry.aten_op == aten_op and entry.found_via:
            return entry.found_via
    return aten_op


def detect_once(aten_op: str, invariant: str, seed: int, timeout: float = 120.0) -> dict:
    cmd = [sys.executable, "-m", "benchmarks.detect_one", target_for(aten_op), aten_op, invariant, str(seed)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"seconds": None, "examples": None, "op_db_s": None, "total_s": timeout, "error": "timeout"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        return {"seconds": None, "examples": None, "op_db_s": None, "total_s": None, "error": f"exit {done.returncode}: " + (done.stderr.strip().splitlines() or ["no stderr"])[-1][:160]}
    return json.loads(lines[-1])


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def run(seeds=SEEDS, only=None, progress=None) -> list:
    rows = []
    todo = violations() if only is None else only
    for k, (aten_op, invariant) in enumerate(todo):
        runs = [detect_once(aten_op, invariant, s) for s in seeds]
        detected = [r for r in runs if r.get("seconds") is not None]
        rows.append({
            "aten_op": aten_op,
            "invariant": invariant,
            "target": target_for(aten_op),
            "detected": f"{len(detected)}/{len(runs)}",
            "median_s": _median(r.get("seconds") for r in runs) if len(detected) == len(runs) else None,
            "median_examples": _median(r.get("examples") for r in detected),
            "median_op_db_s": _median(r.get("op_db_s") for r in runs),
            "median_total_s": _median(r.get("total_s") for r in runs),
            "errors": sorted({r["error"] for r in runs if r.get("error")}),
        })
        if progress:
            progress(k + 1, len(todo), aten_op)
    return rows
