"""``opprop check OP``: run one op under the invariant checks and print its findings."""
from __future__ import annotations

from ..errors import EXIT_OK, UsageError, check_device


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
    p.add_argument("--snapshot-data", choices=("schema", "all"), default="all", help="which inputs get a data snapshot for the mutation check")
    p.set_defaults(handler=cmd_check)


def cmd_check(args) -> int:
    from .. import catalog, probe, report, runner, sources

    if args.examples < 1:
        raise UsageError("--examples must be at least 1")
    check_device(args.device)
    from ..imports import import_modules

    import_modules(args.imports)
    try:
        target = catalog.resolve(args.op)
    except catalog.UnknownOp as e:
        raise UsageError(str(e)) from None
    probe.validate()
    name = sources.target_name(target)
    findings = _PrintedAsFound()
    stats, _ = runner.run_calls(name, sources.sample_calls(target, args.device), snapshot_data=args.snapshot_data, findings=findings)
    all_stats = [stats]
    if not args.samples_only:
        from .. import drawn

        drawn_stats = drawn.run_drawn(target, args.device, examples=args.examples, seed=args.seed, snapshot_data=args.snapshot_data, findings=findings)
        if drawn_stats is not None:
            all_stats.append(drawn_stats)
    from .. import validity

    validity.store().save()  # what the schema-driven draws learned about this op's rejections
    found = runner.unique_findings(findings)
    for s in all_stats:
        print(f"{s.name}: {s.examples} examples, {s.valid} valid, {s.errors} rejected, {s.seconds:.2f} s, {len(s.reached)} aten overloads reached")
    print(f"{len(found)} finding(s)")
    built = report.build(found, all_stats, args.device, examples=args.examples, seed=args.seed)
    if args.json:
        report.write(args.json, built)
    if args.write_expected:
        from .shrink import write_expected

        from ..imports import definitions_for

        write_expected(built, args.write_expected, force=False, definitions=definitions_for(args.imports))
    return EXIT_OK




class _PrintedAsFound(dict):
    """Findings keyed by (aten op, invariant, output), each printed the moment it is first seen.

    An op that crashes the process later (a segfault in a kernel) cannot take
    back what was already printed; ``opprop fuzz`` isolates such crashes.
    """

    def setdefault(self, key, finding):
        if key not in self:
            print(finding.one_line(), flush=True)
        return super().setdefault(key, finding)
