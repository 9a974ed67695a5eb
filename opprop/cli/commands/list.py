"""``opprop list``: each OpInfo with its reached overloads, generators and drawn coverage; ``--all-aten``: every overload."""
from __future__ import annotations

import json
import sys

from opprop.cli.errors import EXIT_OK, UsageError, check_device
from opprop.core.imports import import_modules


def add_parser(sub):
    p = sub.add_parser("list", help="print the op catalog")
    p.add_argument("--json", action="store_true", help="JSON instead of a table")
    p.add_argument("--device", default="cpu")
    p.add_argument("--examples", type=int, default=0, help="also draw up to N valid examples per OpInfo and report coverage (e.g. 20)")
    p.add_argument("--op", action="append", metavar="NAME", help="only this OpInfo id or module (nn.LSTM) (repeatable)")
    p.add_argument("--all-aten", action="store_true", help="every registered aten overload: sources, valid rate, why unreachable")
    p.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE", help="import MODULE first (custom ops); repeatable")
    p.set_defaults(handler=cmd_list)


def cmd_list(args) -> int:
    from opprop.check import catalog  # imported here, as in every command: ``opprop --help`` needs no torch
    from opprop.listing import beyond_forward, reachable
    from opprop.generators.modules import module_infos

    check_device(args.device)
    import_modules(args.imports)
    if args.all_aten:
        aten = reachable.aten_rows()
        if args.json:
            json.dump(aten, sys.stdout, indent=1)
            sys.stdout.write("\n")
        else:
            for row in aten:
                print(reachable.format_aten_row(row))
        return EXIT_OK
    if args.examples < 0:
        raise UsageError("--examples must not be negative")
    if args.op:
        unknown = [o for o in args.op if o not in catalog.opinfos_by_id() and o not in module_infos()]
        if unknown:
            raise UsageError(f"unknown OpInfo or module {unknown[0]!r}")
    only = set(args.op) if args.op else None
    rows = reachable.opinfo_rows(args.device, examples=args.examples, only=only)
    rows += reachable.module_rows(args.device, examples=args.examples, only=only)
    if args.json:
        out = {"reach": beyond_forward.summary(rows), "ops": rows}
        if args.examples:
            out = {"summary": reachable.summary(rows, args.examples), "modules_summary": beyond_forward.module_summary(rows, args.examples), **out}
        json.dump(out, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        for row in rows:
            print(reachable.format_row(row))
        if args.examples:
            print(json.dumps(reachable.summary(rows, args.examples)))
            print(json.dumps(beyond_forward.module_summary(rows, args.examples)))
        print(json.dumps({k: v["count"] if isinstance(v, dict) else v for k, v in beyond_forward.summary(rows).items()}))
    return EXIT_OK
