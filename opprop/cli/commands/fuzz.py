"""``opprop fuzz``: a budgeted run over every target in worker processes, for nightly CI fleets."""
from __future__ import annotations

import json
import os
import sys
import time
import warnings

from opprop.cli.hot_path import say_hot_path
from opprop.cli import corpus_flag
from opprop.cli.errors import EXIT_OK, UsageError, check_device
from opprop.core.snapshot_policy import DEFAULT_SNAPSHOT, SNAPSHOT_POLICIES

PROCESS_START = time.monotonic()  # the budget counts from here: torch's import is part of the run


def add_parser(sub):
    p = sub.add_parser("fuzz", help="fuzz every op for a time budget in isolated workers; write JSON and Markdown reports")
    p.add_argument("--ops", nargs="+", metavar="PATTERN", help="fnmatch patterns over target names (nn.functional.*, aten::q_per_channel_*, mylib::*)")
    p.add_argument("--all-aten", action="store_true", help="accepted for old nightly jobs; does nothing: every eligible ATen overload is in the default sweep")
    p.add_argument("--budget", type=float, default=600.0, help="wall-clock seconds for the whole run, spread over the ops (default 600)")
    p.add_argument("--per-op-examples", type=int, default=10_000, help="most Hypothesis examples per op (default 10000)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: the number of cores)")
    p.add_argument("--shard", metavar="I/N", help="run only shard I of N (1-based); N machines together cover every op once")
    p.add_argument("--seed", type=int, default=0, help="Hypothesis seed (default 0)")
    p.add_argument("--example-timeout", type=float, default=30.0, help="seconds one example may run before it is a hang (default 30)")
    p.add_argument("--database", metavar="PLACE", action="append",
                   help="example database: DIR (default .opprop/examples), redis://HOST:PORT/DB, github:OWNER/REPO[/ARTIFACT] (read-only), "
                        "readonly:PLACE; several (comma-separated or the flag repeated) are multiplexed")
    p.add_argument("--journal", metavar="FILE", help="append findings here as they arrive (default .opprop/journal-<time>.jsonl)")
    p.add_argument("--from-journal", metavar="FILE", nargs="+",
                   help="run nothing: build the reports from this journal (e.g. after the run was killed), or one report from several shards' journals")
    p.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE", help="import MODULE in every worker (custom ops, edge generators)")
    p.add_argument("--report", metavar="FILE.json", help="write the JSON report here")
    p.add_argument("--summary", metavar="FILE.md", help="write a Markdown summary here (for a CI job page)")
    p.add_argument("--baseline", metavar="FILE.json", help="the previous run's report: the summary lists what changed")
    p.add_argument("--write-expected", metavar="DIR", help="shrink each new (unledgered) finding into an expect file in DIR, via opprop shrink in a subprocess")
    p.add_argument("--worker-start", choices=("auto", "fork", "spawn"), default="auto",
                   help="how workers start: forked from this process (ms, op_db shared) or fresh interpreters (seconds each); "
                        "auto forks where that is safe (Linux, CPU)")
    p.add_argument("--list", action="store_true", help="print the selected targets of this shard, one a line, and run nothing")
    p.add_argument("--device", default="cpu")
    p.add_argument("--snapshot-data", choices=SNAPSHOT_POLICIES, default=DEFAULT_SNAPSHOT,
                   help=f"which inputs get a data snapshot for the mutation check off CPU (default {DEFAULT_SNAPSHOT}, as opprop check)")
    corpus_flag.add_argument(p, seed=True)
    p.add_argument("--no-prior", action="store_true",
                   help="do not start from the shipped validity prior (what a default sweep learned each op rejects), which a directory with no .opprop/validity.json otherwise starts from")
    p.add_argument("--prior-out", metavar="FILE.json.gz", help="after the run, write what it learned each op rejects as a validity prior (the shipped one: opprop/data/validity_prior.json.gz)")
    p.set_defaults(handler=cmd_fuzz)


def _validate(args) -> None:
    from opprop.explore.database import validate
    from opprop.fuzz.targets import parse_shard

    if not args.budget > 0:
        raise UsageError(f"--budget must be a positive number of seconds, not {args.budget:g}")
    if args.per_op_examples < 1:
        raise UsageError("--per-op-examples must be at least 1")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if not args.example_timeout > 0:
        raise UsageError("--example-timeout must be positive")
    args.shard_pair = parse_shard(args.shard)
    args.database = validate(args.database)
    if args.baseline and not os.path.exists(args.baseline):
        raise UsageError(f"--baseline {args.baseline}: no such file")
    if args.prior_out and not os.access(os.path.dirname(os.path.abspath(args.prior_out)), os.W_OK):
        raise UsageError(f"--prior-out {args.prior_out}: its directory does not exist or is not writable")
    for path in args.from_journal or []:
        if not os.path.isfile(path):
            raise UsageError(f"--from-journal {path}: no such file")


def _aten_op_of(target: str) -> str:
    """The aten op a crash or hang in ``target`` is charged to: the overload itself, or the OpInfo's aten op."""
    from opprop.explore.target import resolve

    return resolve(target).aten_op


def _fork_workers(args) -> bool:
    from opprop.fuzz import forked

    if args.worker_start == "auto":
        return forked.can_fork(args.device)
    if args.worker_start == "fork" and not forked.can_fork(args.device):
        raise UsageError(f"--worker-start fork: workers cannot be forked safely here (device {args.device}, {sys.platform}); use auto or spawn")
    return args.worker_start == "fork"


def cmd_fuzz(args) -> int:
    _validate(args)
    check_device(args.device)
    if args.from_journal:
        return _write_reports(args, args.from_journal)
    from opprop.fuzz import forked
    from opprop.core.imports import import_modules

    forked.prepare_parent()  # before anything runs an op: the workers forked later start with no thread pool
    from opprop.inputs import validity_prior

    if args.no_prior:
        os.environ[validity_prior.SWITCH] = "0"  # the workers inherit it
    fork = _fork_workers(args)
    import_modules(args.imports)
    started_from = corpus_flag.use(args, seed=True)
    from opprop.check import probe
    from opprop.fuzz import targets as fuzz_targets
    from opprop.explore.database import open_database
    from opprop.fuzz.journal import Journal
    from opprop.fuzz.messages import End, OpDone, Run
    from opprop.fuzz.pool import Pool
    from opprop.fuzz.progress import Progress

    start = PROCESS_START
    deadline = start + args.budget
    found = fuzz_targets.fuzz_targets(args.device, within=fuzz_targets.namespaces_named(args.ops))
    names = fuzz_targets.select(found.names, args.ops)
    i, n = args.shard_pair
    names = fuzz_targets.shard(names, i, n)
    from opprop.listing.namespaces import excluded_lines

    if args.list:
        for name in names:
            print(name)
        for line in excluded_lines(found.namespaces):  # stderr: stdout stays one target a line
            print(line, file=sys.stderr)
        return EXIT_OK
    probe.validate()
    say_hot_path()  # built (or found, or waited for) here: never inside a worker's first example
    journal_path = args.journal or os.path.join(".opprop", time.strftime("journal-%Y%m%dT%H%M%S", time.gmtime()) + f"-{i}of{n}.jsonl")
    os.makedirs(os.path.dirname(os.path.abspath(journal_path)), exist_ok=True)
    run_dir = journal_path + ".d"
    os.makedirs(run_dir, exist_ok=True)
    from opprop.explore.database import describe, writable_directories

    for directory in writable_directories(args.database):
        os.makedirs(directory, exist_ok=True)
    journal = Journal(journal_path)
    import torch

    journal.append(Run(targets=names, budget=args.budget, jobs=args.jobs, shard=f"{i}/{n}", seed=args.seed, device=args.device,
                       database=describe(args.database), imports=list(args.imports), skipped=[{"generator": g, "why": w} for g, w in found.skipped],
                       namespaces=list(found.namespaces), torch_version=torch.__version__, started=time.time(), corpus=started_from or None))
    if started_from:
        print(f"corpus: {started_from['about']}" + ("; --no-seed turns it off" if started_from["seed"] else ""))
    print(validity_prior.one_line())
    for g, why in found.skipped:
        print(f"skipped edge generator {g}: {why}")
    for line in excluded_lines(found.namespaces):
        print(line)
    os.environ["PYTHONPATH"] = os.pathsep.join([os.getcwd(), *filter(None, [os.environ.get("PYTHONPATH")])])
    from opprop.check import catalog

    catalog.opinfo_aten_names()  # learned once per build, before the workers read it
    from opprop.fuzz.energy import scanned

    if fork and scanned(names):  # the crossing calls' tensors (overloads only), checked once here (a second and more):
        # not again in every forked worker, nor in each one a crash replaces (on prepare_parent's one intra-op thread)
        from opprop.generators import crossing

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            crossing.cells()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    worker_argv = ["--journal", journal_path, "--database", args.database, "--device", args.device, "--seed", str(args.seed), "--snapshot-data", args.snapshot_data,
                   "--threads", str(max(1, cores // args.jobs))]  # workers share the cores, not oversubscribe them
    for m in args.imports:
        worker_argv += ["--import", m]
    progress = Progress(len(names), deadline)
    pool = Pool(jobs=args.jobs, run_dir=run_dir, worker_argv=worker_argv, journal=journal, aten_op_of=_aten_op_of,
                example_timeout=args.example_timeout, progress=progress, fork=fork, database=open_database(args.database))
    try:
        pool.run(names, deadline=deadline, max_examples=args.per_op_examples)
    finally:
        progress.close()
    journal.append(End(seconds=round(time.monotonic() - start, 3)))
    journal.close()
    print(f"journal: {journal_path}")
    from opprop.inputs import validity
    from opprop.fuzz.journal import read

    records = read(journal_path)  # once: a long run's journal is large
    learned = validity.save_learned({r.target: r.validity for r in records if isinstance(r, OpDone) and r.validity})
    if learned:
        print(f"validity: what {learned} op(s) rejected saved to {validity.store().path}")
    if args.prior_out:
        steering = {name: record.steering() for name, record in validity.store().ops.items()}
        started = "from an empty record" if args.no_prior else "from the shipped prior, where the directory had no record"
        size = validity_prior.write(args.prior_out, steering, f"opprop fuzz --budget {args.budget:g} --jobs {args.jobs}, {started}")
        print(f"validity prior: {sum(1 for s in steering.values() if s)} op(s)' refusals written to {args.prior_out} ({size} bytes)")
    return _write_reports(args, [journal_path], records)


def _write_reports(args, journal_paths: list[str], records=None) -> int:
    """One report and summary from the run's journal, or from several shards' journals merged."""
    from opprop.core import ledger as ledger_mod
    from opprop.reports import report as core_report
    from opprop.fuzz import journal
    from opprop.reports import fuzz_summary as summary

    if records is None:
        try:
            records = journal.read_many(journal_paths)
        except OSError as e:
            raise UsageError(f"--from-journal {e.filename}: {e.strerror}") from None
        except journal.JournalError as e:
            raise UsageError(str(e)) from None
    rep = summary.build_report(records, device=args.device)
    _attach_fixes(rep, min(FIXES_BUDGET_S, max(FIXES_FLOOR_S, FIXES_SHARE * args.budget)))
    journal_path = " ".join(journal_paths)
    rep["journal"] = journal_path
    if args.report:
        core_report.write(args.report, rep)
    if args.summary:
        ledger = ledger_mod.load_or_empty()
        baseline = None
        if args.baseline:
            try:
                baseline = core_report.read(args.baseline)
            except core_report.ReportError as e:
                raise UsageError(str(e)) from None
        with open(args.summary, "w") as fh:
            fh.write(summary.render_markdown(rep, ledger, baseline))
    if args.write_expected:
        _write_expected(args, rep, journal_paths[0])  # its shrink input goes beside the (first) journal
    ran = [o for o in rep["ops"] if o["status"] != "not_run"]
    aten = rep.get("aten_coverage")
    if aten is not None:
        print(f"aten coverage: {aten['reached']}/{aten['eligible']} eligible overloads ({aten['reached_fraction']:.1%}) reached "
              f"{aten['examples_needed']} valid examples; valid-example rate over those {aten['valid_rate_reached']:.1%}")
    untested = summary.untested_ops(rep)
    print(f"{len(rep['findings'])} finding(s) ({len(rep['crashes'])} crash, {len(rep['hangs'])} hang) over {len(ran)}/{len(rep['ops'])} ops, "
          f"{sum(o['examples'] for o in rep['ops'])} examples; {len(untested)} not tested (no valid example)"
          + (f": {', '.join(o['name'] for o in untested[:5])}{', ...' if len(untested) > 5 else ''}" if untested else ""))
    return EXIT_OK


FIX_TIMEOUT_S = 60  # one new finding's proof (a fix that takes longer says it timed out)
# all of a run's new findings' proofs: a quarter of the run's --budget on top of it, at least 30 s, at most 600 s (a
# nightly run is not twice as long as it asked for; proofs left over say "not computed", and `opprop ledger fixes` or
# `opprop report --issue` compute them later)
FIXES_SHARE, FIXES_FLOOR_S, FIXES_BUDGET_S = 0.25, 30.0, 600.0


def _attach_fixes(rep: dict, budget_s: float) -> None:
    """Each new finding's proven fix, printed beside it and carried in the report: computed here, after the sweep, each
    in a forked child with its deadline (``fixes.for_new_findings``); nothing for known findings."""
    from opprop.check.findings import Finding
    from opprop.reduce import fixes

    fixes.attach(rep["findings"], fixes.for_new_findings([Finding.from_json(f) for f in rep["findings"]], timeout=FIX_TIMEOUT_S, budget=budget_s))


def _write_expected(args, rep: dict, journal_path: str) -> None:
    """The run's new findings as expect files, by ``opprop shrink --new-only`` in a child process: shrinking runs the
    ops, and a crash there must not end this run (the one filter and route: ``regressions.write_expected``)."""
    import subprocess
    import sys

    path = journal_path + ".findings.json"
    with open(path, "w") as fh:
        json.dump(rep, fh)
    argv = [sys.executable, "-m", "opprop", "shrink", path, "--new-only", "--out", args.write_expected]
    for m in args.imports:
        argv += ["--import", m]
    proc = subprocess.run(argv)
    if proc.returncode != 0:
        print(f"write-expected: opprop shrink exited {proc.returncode}", file=sys.stderr)
