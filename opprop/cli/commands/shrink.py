"""``opprop shrink REPORT.json``: each finding of a report as a minimal, checked-in expect file."""
from __future__ import annotations

from opprop.cli.errors import EXIT_OK, UsageError
from opprop.core.imports import definitions_for, import_modules


def add_parser(sub):
    p = sub.add_parser("shrink", help="write a minimal expect file (repro + recorded output) for each finding of a report")
    p.add_argument("report", help="JSON report from opprop check --json or opprop fuzz --report")
    p.add_argument("--out", default="expected", help="directory of expect files (default expected/)")
    p.add_argument("--force", action="store_true", help="rewrite expect files that already exist")
    p.add_argument(
        "--define",
        action="append",
        default=[],
        metavar="NS=MODULE.py",
        help="source that registers the ops of namespace NS (non-aten ops), inlined in their repros",
    )
    p.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE",
                   help="import MODULE first (it registers the custom ops the report names); its source is inlined in their repros")
    p.add_argument("--new-only", action="store_true", help="skip the findings the ledger knows (their entries have their expect files)")
    p.set_defaults(handler=cmd_shrink)


def parse_definitions(items) -> dict:
    definitions = {}
    for item in items:
        ns, sep, path = item.partition("=")
        if not sep or not ns or not path:
            raise UsageError(f"--define wants NS=MODULE.py, not {item!r}")
        definitions[ns] = path
    return definitions


def cmd_shrink(args) -> int:
    from opprop.check import probe
    from opprop.check.findings import Finding
    from opprop.core import ledger
    from opprop.reduce import fixes, regressions
    from opprop.reports import report  # imported here, as in every command: ``opprop --help`` needs no torch

    import_modules(args.imports)
    definitions = definitions_for(args.imports)
    definitions.update(parse_definitions(args.define))  # still a Definitions: its preamble imports what is not inlined
    try:
        data = report.read(args.report)
    except report.ReportError as e:
        raise UsageError(str(e)) from None
    probe.validate()
    found = [Finding.from_json(raw) for raw in data.get("findings", [])]
    if found:
        fixes.warm_parent()  # each expect file's fix is proven in a forked child
    written = regressions.write_expected(
        found, args.out, ledger=ledger.load_or_empty() if args.new_only else None,
        force=args.force, definitions=definitions, device=data.get("device", "cpu"), examples=data.get("examples", 100), seed=data.get("seed", 0))
    print(f"{len(written)} expect file(s) written to {args.out}")
    return EXIT_OK
