"""``opprop check OP``: run one op under the invariant checks and print its findings."""
from __future__ import annotations

from opprop.cli.errors import EXIT_OK, UsageError, check_device
from opprop.core.imports import definitions_for, import_modules
from opprop.check.snapshots import DEFAULT_SNAPSHOT, SNAPSHOT_POLICIES


def add_parser(sub):
    p = sub.add_parser("check", help="run one op under the invariant checks and print its findings")
    p.add_argument("op", help="OpInfo name (nn.functional.embedding_bag) or overload (aten::q_per_channel_scales)")
    p.add_argument("--samples-only", action="store_true", help="run only fixed samples (OpInfo sample inputs, edge-generator samples)")
    p.add_argument("--examples", type=int, default=100, help="Hypothesis examples to draw after the samples (default 100)")
    p.add_argument("--seed", type=int, default=0, help="Hypothesis seed (default 0)")
    p.add_argument("--device", default="cpu")
    p.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE", help="import MODULE first (it registers custom ops with torch.library); repeatable")
    p.add_argument("--json", metavar="FILE", help="write the JSON report here")
    p.add_argument("--write-expected", metavar="DIR", help="also write a minimal expect file per finding into DIR (see opprop shrink)")
    p.add_argument("--snapshot-data", choices=SNAPSHOT_POLICIES, default=DEFAULT_SNAPSHOT,
                   help=f"which inputs get a data snapshot for the mutation check off CPU (default {DEFAULT_SNAPSHOT})")
    p.set_defaults(handler=cmd_check)


def cmd_check(args) -> int:
    # Imported here, as in every command: the parser imports each command module, and torch with the
    # generators would cost every ``opprop --help`` 1.5 s of CPU (measured: 0.04 s without).
    from opprop.check import catalog
    from opprop.check import probe
    from opprop.reports import report
    from opprop.inputs import validity
    from opprop.explore.session import Exploration
    from opprop.explore.target import resolve
    from opprop.cli.commands.shrink import write_expected

    if args.examples < 1:
        raise UsageError("--examples must be at least 1")
    check_device(args.device)
    import_modules(args.imports)
    try:
        target = resolve(args.op)
    except catalog.UnknownOp as e:
        raise UsageError(str(e)) from None
    probe.validate()
    # Each finding is printed the moment it is first seen: an op that crashes the process later (a segfault
    # in a kernel) cannot take back what was already printed; ``opprop fuzz`` isolates such crashes.
    session = Exploration(target, device=args.device, seed=args.seed, snapshot_data=args.snapshot_data,
                          on_finding=lambda f, n: print(f.one_line(), flush=True))
    session.run(samples=-1, examples=0 if args.samples_only else args.examples)
    validity.store().save()  # what the schema-driven draws learned about this op's rejections
    all_stats = [session.sample_stats] + ([session.drawn_stats] if not args.samples_only and session.status != "no_inputs" else [])
    found = session.unique_findings()
    for s in all_stats:
        print(f"{s.name}: {s.examples} examples, {s.valid} valid, {s.errors} rejected, {s.seconds:.2f} s, {len(s.reached)} aten overloads reached")
        for line, count in s.internal_errors.items():  # calls opprop failed to check: they ran unchecked
            print(f"opprop internal error, {count} call(s): {line}")
    print(f"{len(found)} finding(s)")
    built = report.build(found, all_stats, args.device, examples=args.examples, seed=args.seed)
    if args.json:
        report.write(args.json, built)
    if args.write_expected:
        write_expected(built, args.write_expected, force=False, definitions=definitions_for(args.imports))
    return EXIT_OK
