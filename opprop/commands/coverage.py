"""``opprop coverage``: the fraction of eligible ATen overloads reaching N valid schema-driven examples in a budget."""
from __future__ import annotations

import json
import sys

from ..errors import EXIT_OK, UsageError


def add_parser(sub):
    p = sub.add_parser("coverage", help="measure how many eligible aten overloads reach N valid examples")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--examples", type=int, default=5, help="valid examples an overload needs to count as reached (default 5)")
    p.add_argument("--max-tries", type=int, default=40, help="draws per overload at most (default 40)")
    p.add_argument("--budget", type=float, default=600.0, help="seconds for the whole run (default 600)")
    p.add_argument("--op", action="append", metavar="OVERLOAD", help="only this overload (repeatable)")
    p.add_argument("--json", metavar="FILE", help="write every row and the summary here")
    p.set_defaults(handler=cmd_coverage)


def cmd_coverage(args) -> int:
    from .. import aten_listing, catalog, coverage, validity

    if args.jobs < 1 or args.examples < 1:
        raise UsageError("--jobs and --examples must be at least 1")
    if args.op:
        ops = [catalog.overload_from_name(n) for n in args.op]
        if None in ops:
            raise UsageError(f"unknown overload {args.op[ops.index(None)]!r}")
    else:
        ops = [o for o in aten_listing.registered_aten_overloads() if aten_listing.eligible(o)]
    names, skipped = [], []
    for op in ops:
        reason = aten_listing.unreachable_reason(op)
        (skipped if reason else names).append((catalog.qualified_name(op), reason))
    result = coverage.measure([n for n, _ in names], jobs=args.jobs, examples=args.examples, max_tries=args.max_tries, budget=args.budget)
    result["rows"] += [{"name": n, "examples": 0, "valid": 0, "error": reason} for n, reason in skipped]
    store = validity.store()
    for row in result["rows"]:
        if "validity" in row:
            from ..validity import OpValidity

            store.ops[row["name"]] = OpValidity(row.pop("validity"))
    store.save()
    summary = coverage.summarize(result, args.examples)
    for row in result["rows"]:
        if row.get("valid", 0) < args.examples:
            why = row.get("error") or next(iter(row.get("error_kinds") or {"never valid": 0}))
            print(f"unreached {row['name']}: {row.get('valid', 0)}/{row.get('examples', 0)} valid; {why}")
    for line in summary["findings"]:
        print(line)
    print(json.dumps({k: v for k, v in summary.items() if k != "findings"}))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"summary": summary, "rows": result["rows"]}, fh, indent=1)
    sys.stdout.flush()
    return EXIT_OK
