"""``opprop ledger fixes``: every ledgered violation with its fix, proven on the installed torch, and the verdict counts."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from opprop.cli.errors import EXIT_OK, UsageError


def add_parser(sub):
    p = sub.add_parser("ledger", help="what the ledger holds: `opprop ledger fixes` lists each entry's proven fix")
    p.add_argument("action", choices=("fixes",), help="fixes: each entry's fix (schema edit or kernel change) and its verdict")
    p.add_argument("--ledger", default="expected/ledger.toml", help="the ledger to read (default expected/ledger.toml; expect paths are relative to the cwd)")
    p.add_argument("--op", action="append", default=[], metavar="OP", help="only entries of this op (aten::x or x; repeatable)")
    p.add_argument("--json", metavar="FILE.json", help="write every entry's fix and verdict here too")
    p.set_defaults(handler=cmd_ledger)


def cmd_ledger(args) -> int:
    from opprop.core import ledger as ledger_mod
    from opprop.fuzz import forked
    from opprop.reduce.fixes import grown
    from opprop.reports import ledger_fixes

    try:
        ledger = ledger_mod.load(args.ledger)
    except (OSError, ledger_mod.LedgerError) as e:
        raise UsageError(f"cannot read {args.ledger}: {e}") from None
    wanted = {o if "::" in o else f"aten::{o}" for o in args.op}
    entries = [e for _, e in sorted(ledger.entries.items()) if not wanted or e.aten_op in wanted]
    forked.prepare_parent()  # one intra-op thread: each entry's proof runs in a forked child
    grown.warm()  # op_db imported once here, not in each child that draws the op's own calls
    fixed = []
    for entry in entries:
        result = ledger_fixes.for_entry(entry, Path("."), ledger)
        fixed.append(result)
        print(result.one_line(), flush=True)
    counts = ledger_fixes.counts(fixed)
    print(f"{len(fixed)} entries: " + ", ".join(f"{n} {verdict}" for verdict, n in counts.items()), file=sys.stderr)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"counts": counts, "entries": [f.as_json() for f in fixed]}, fh, indent=1)
    return EXIT_OK
