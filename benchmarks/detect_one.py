"""One cold ``opprop check`` with a stopwatch: run as ``python -m benchmarks.detect_one OP ATEN_OP INVARIANT SEED``.

It runs the real command (``opprop.cli.main.main(["check", OP, "--seed", SEED])``)
in a fresh process and only watches it: every ``run_call`` is counted, and
the first result that carries (ATEN_OP, INVARIANT) is timed. Prints one JSON
line: seconds from process start to detection (None if never), examples run
until then, op_db import seconds, total seconds.
"""
from __future__ import annotations

import json
import sys
import time

START = time.time()


def main(argv) -> int:
    target, aten_op, invariant, seed = argv
    import contextlib
    import io

    from opprop.check import catalog
    from opprop.cli import main as cli
    from opprop.check import runner

    seen = {"examples": 0, "detected_at": None, "detected_after": None, "op_db_s": 0.0}
    real_run_call = runner.run_call

    def watched_run_call(call, **kw):
        result = real_run_call(call, **kw)
        seen["examples"] += 1
        if seen["detected_at"] is None and any((f.aten_op, f.invariant) == (aten_op, invariant) for f in result.findings):
            seen["detected_at"] = time.time() - START
            seen["detected_after"] = seen["examples"]
        return result

    real_op_db = catalog.op_db.__wrapped__

    def timed_op_db():
        t = time.perf_counter()
        db = real_op_db()
        seen["op_db_s"] += time.perf_counter() - t
        return db

    runner.run_call = watched_run_call
    catalog.op_db = __import__("functools").lru_cache(maxsize=1)(timed_op_db)
    with contextlib.redirect_stdout(io.StringIO()):
        rc = cli.main(["check", target, "--seed", seed])
    print(json.dumps({"rc": rc, "seconds": seen["detected_at"], "examples": seen["detected_after"],
                      "op_db_s": round(seen["op_db_s"], 3), "total_s": round(time.time() - START, 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
