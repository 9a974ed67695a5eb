"""``python -m benchmarks.heldout``: how many of the held-out true violations (``benchmarks/heldout.toml``) opprop finds.

The list was written before the sweep was tuned, from PyTorch's sources, and
nothing else in the project names its ops; it is only measured against. For
each violation, three questions, each answered by running the real thing:

- ``checks``: its repro, run under ``opprop.checking()``, gives a finding on its op (the checks see the bug once a call reaches it);
- ``check``: ``opprop check OP --examples N`` (a fresh process, as a user runs it) finds it;
- ``sweep``: a sweep's journal (``--journal``, e.g. of ``opprop fuzz --budget 600 --jobs 2``) holds a finding on its op.

A finding counts when it is on the violation's op and of its kind, or of any kind when ``--any-kind`` says so.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
LIST = HERE / "heldout.toml"
FINDING_LINE = re.compile(r"^(\w+): (\w+::[\w.]+)[ (]")

UNDER_CHECKING = """
import json, sys, opprop
source = sys.stdin.read()
with opprop.checking() as found:
    exec(compile(source, "<repro>", "exec"), {"__name__": "__repro__"})
print(json.dumps([[f.aten_op, f.invariant] for f in found.findings]))
"""


def violations(path=LIST) -> list[dict]:
    return tomllib.loads(Path(path).read_text())["violation"]


def _hit(findings, v: dict, any_kind: bool) -> bool:
    return any(op == v["op"] and (any_kind or kind == v["kind"]) for op, kind in findings)


def under_checking(v: dict) -> list:
    done = subprocess.run([sys.executable, "-c", UNDER_CHECKING], input=v["repro"], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        return [["error", (done.stderr.strip().splitlines() or ["?"])[-1][:120]]]
    return json.loads(done.stdout.strip().splitlines()[-1])


def by_check(v: dict, examples: int) -> list:
    done = subprocess.run([sys.executable, "-m", "opprop", "check", v["op"], "--examples", str(examples)],
                          capture_output=True, text=True, timeout=900)
    if "(not tested: no valid call)" in done.stdout:
        return None  # no valid call: not tested, never a miss of a tested op
    # each finding's line: "invariant: namespace::op[.overload] output 0 (...) via ..." (or "crash: op (...)")
    return [[m.group(2), m.group(1)] for m in map(FINDING_LINE.match, done.stdout.splitlines()) if m]


def in_journal(path: str) -> list:
    found = []
    with open(path) as fh:
        for line in fh:
            r = json.loads(line)
            if r.get("type") == "finding":
                found.append([r["finding"]["aten_op"], r["finding"]["invariant"]])
    return found


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.heldout", description=__doc__.splitlines()[0])
    p.add_argument("--list", default=str(LIST), help="the held-out list (default benchmarks/heldout.toml; issue #51's: benchmarks/heldout_51.toml)")
    p.add_argument("--journal", action="append", default=[], help="a sweep's journal (repeatable: shards)")
    p.add_argument("--examples", type=int, default=20, help="opprop check's examples per op (default 20)")
    p.add_argument("--no-check", action="store_true", help="skip the opprop check runs")
    p.add_argument("--any-kind", action="store_true", help="a finding of any invariant on the op counts")
    args = p.parse_args(argv)
    for j in args.journal:
        if not os.path.exists(j):
            print(f"heldout: {j}: no such file", file=sys.stderr)
            return 2
    swept = [f for j in args.journal for f in in_journal(j)]
    rows, counts = [], {"checks": 0, "check": 0, "sweep": 0}
    if not os.path.exists(args.list):
        print(f"heldout: {args.list}: no such file", file=sys.stderr)
        return 2
    for v in violations(args.list):
        row = {"op": v["op"], "kind": v["kind"], "checks": _hit(under_checking(v), v, args.any_kind)}
        if not args.no_check:
            found = by_check(v, args.examples)
            row["check"] = "not tested" if found is None else _hit(found, v, args.any_kind)
        if args.journal:
            row["sweep"] = _hit(swept, v, args.any_kind)
        for k in counts:
            counts[k] += int(row.get(k) is True)
        rows.append(row)
        shown = {True: "yes", False: "no"}
        print(" ".join(f"{k}={shown.get(row[k], row[k])}" for k in ("checks", "check", "sweep") if k in row), v["op"], v["kind"], flush=True)
    n = len(rows)
    untested = sum(1 for r in rows if r.get("check") == "not tested")
    print(f"held out: {n}; the checks see {counts['checks']} when the repro runs"
          + ("" if args.no_check else f"; opprop check --examples {args.examples} finds {counts['check']} ({untested} not tested: no valid call)")
          + (f"; the sweep found {counts['sweep']}" if args.journal else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
