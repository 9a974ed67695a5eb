"""``opprop check OP``: run one op under the invariant checks and print its findings."""
from __future__ import annotations

import argparse

from opprop.cli import corpus_flag
from opprop.cli.hot_path import say_hot_path
from opprop.cli.errors import EXIT_CRASH, EXIT_NOT_TESTED, EXIT_OK, UsageError, check_device
from opprop.core.imports import definitions_for, import_modules
from opprop.core.outcomes import OutcomeKind
from opprop.core.snapshot_policy import DEFAULT_SNAPSHOT, SNAPSHOT_POLICIES


EPILOG = f"""\
The op runs in a worker process (forked where that is safe), as in opprop fuzz:
an example that kills it with a signal (or runs past --example-timeout) is a
crash (hang) finding with its input; a new worker goes on with the next sample
or example, and each crash is shrunk into a standalone repro in --crash-out.

exit status:
  {EXIT_OK}  checked; findings, if any, are printed (and in --json)
  2  bad input (unknown op, bad flag, a module --import cannot import)
  3  the use-count probe cannot be trusted on this torch
  {EXIT_CRASH}  the op crashed or hung on some input: the crash findings, and their repro files, are printed
  {EXIT_NOT_TESTED}  not tested: no sample or example was a valid call of the op (its top rejection
     messages are printed); a crash takes precedence (4)

Every run prints "tested N of M examples (valid)" or "not tested": 0 findings over
no valid call is no evidence that the op is clean.
"""


def add_parser(sub):
    p = sub.add_parser("check", help="run one op under the invariant checks and print its findings",
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG)
    p.add_argument("op", help="OpInfo name (nn.functional.embedding_bag) or overload (aten::q_per_channel_scales)")
    p.add_argument("--samples-only", action="store_true", help="run only fixed samples (OpInfo sample inputs, edge-generator samples)")
    p.add_argument("--examples", type=int, default=100, help="Hypothesis examples to draw after the samples (default 100)")
    p.add_argument("--seed", type=int, default=0, help="Hypothesis seed (default 0)")
    p.add_argument("--device", default="cpu")
    p.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE", help="import MODULE first (it registers custom ops with torch.library); repeatable")
    p.add_argument("--json", metavar="FILE", help="write the JSON report here")
    p.add_argument("--write-expected", metavar="DIR", help="also write a minimal expect file per finding into DIR (see opprop shrink)")
    p.add_argument("--crash-out", default="expected/crashes", metavar="DIR",
                   help="where the repro of each crash goes (default expected/crashes/, as opprop report --out)")
    p.add_argument("--no-native-frame", action="store_true",
                   help="do not read a crash's faulting native frame with gdb (a run of the repro under gdb: 10-20 s each)")
    p.add_argument("--example-timeout", type=float, default=60.0, help="seconds one example may run before it is a hang (default 60)")
    p.add_argument("--snapshot-data", choices=SNAPSHOT_POLICIES, default=DEFAULT_SNAPSHOT,
                   help=f"which inputs get a data snapshot for the mutation check off CPU (default {DEFAULT_SNAPSHOT})")
    corpus_flag.add_argument(p)
    p.set_defaults(handler=cmd_check)


def cmd_check(args) -> int:
    # Imported here, as in every command: the parser imports each command module, and torch with the
    # generators would cost every ``opprop --help`` 1.5 s of CPU (measured: 0.04 s without).
    import tempfile

    from opprop.check import catalog, probe, runner
    from opprop.fuzz import forked, isolated_check
    from opprop.reduce import fixes
    from opprop.reports import modes_table, report, tested
    from opprop.explore.target import resolve

    if args.examples < 1:
        raise UsageError("--examples must be at least 1")
    if not args.example_timeout > 0:
        raise UsageError("--example-timeout must be positive")
    check_device(args.device)
    forked.prepare_parent()  # this process runs no op: each runs in a worker, forked where that is safe
    import_modules(args.imports)
    corpus_flag.use(args)
    try:
        target = resolve(args.op)
    except catalog.UnknownOp as e:
        raise UsageError(str(e)) from None
    probe.validate()
    say_hot_path()  # built (or found, or waited for) here, before any example's time runs
    fork = forked.can_fork(args.device)
    if fork and catalog.needs_op_db(target.name):
        catalog.op_db()  # once, here: every forked worker shares it instead of importing it again
    # Each finding is printed the moment the worker reports it; a crash kills only the worker.
    with tempfile.TemporaryDirectory(prefix="opprop-check-") as run_dir:
        run = isolated_check.run(target, device=args.device, seed=args.seed, snapshot_data=args.snapshot_data,
                                 examples=0 if args.samples_only else args.examples, imports=args.imports, run_dir=run_dir, fork=fork,
                                 example_timeout=args.example_timeout, on_finding=lambda f: print(f.one_line(), flush=True))
    if run.note:
        print(f"opprop check: {run.note}")
    all_stats = [run.sample_stats] + ([run.drawn_stats] if not args.samples_only and run.status != "no_inputs" else [])
    found = run.unique_findings()
    for s in all_stats:
        print(f"{s.name}: {s.examples} examples, {s.valid} valid, {s.errors} rejected, {s.seconds:.2f} s, {len(s.reached)} aten overloads reached")
        for line, count in s.internal_errors.items():  # calls opprop failed to check: they ran unchecked
            print(f"opprop internal error, {count} call(s): {line}")
    total = runner.OpStats.merged(target.name, *all_stats)
    print(tested.line(target.name, total.valid, total.examples))
    if total.valid < total.examples:
        for line in tested.why_lines(total.first_errors):
            print(line)
    if run.modes:
        print(modes_table.line(run.modes))
    print(f"{len(found)} finding(s)" + ("" if total.valid else " (not tested: no valid call)"))
    fixed = fixes.for_new_findings(found)
    lost = [f.as_json() for f in run.lost]
    built = report.build(found, all_stats, args.device, examples=args.examples, seed=args.seed, imports=list(args.imports),
                         crashes=[f for f in lost if f["invariant"] == OutcomeKind.CRASH],
                         hangs=[f for f in lost if f["invariant"] == OutcomeKind.HANG],
                         tested=tested.as_json(total.valid, total.examples, total.first_errors), modes=run.modes)
    fixes.attach(built["findings"], fixed)
    if run.lost:
        from opprop.reports.crash_repros import write_repros

        built["crash_groups"] = write_repros(lost, args.crash_out, imports=args.imports, frames=not args.no_native_frame)
    if args.json:
        report.write(args.json, built)
    if args.write_expected:  # invariant findings only (write_expected's filter): a crash's repro is in --crash-out already
        from opprop.reduce import regressions

        if found:
            fixes.warm_parent()  # each expect file's fix is proven in a forked child
        written = regressions.write_expected(found, args.write_expected,  # the Finding objects themselves: no JSON round trip
                                             definitions=definitions_for(args.imports), device=args.device, examples=args.examples, seed=args.seed)
        print(f"{len(written)} expect file(s) written to {args.write_expected}")
    if run.lost or run.status == OutcomeKind.CRASH:  # status crash: a worker died outside any example
        return EXIT_CRASH
    return EXIT_OK if total.valid else EXIT_NOT_TESTED
