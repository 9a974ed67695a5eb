"""``opprop corpus``: PyTorch's own test files under ``pytest --opprop --opprop-record``, into a corpus for --corpus.

The tests are the installed torch's (``torch.version.git_version``): from ``--pytorch-src`` (a checkout), or
fetched for the run into a temporary folder and removed after it. ``--seed-out DIR`` regenerates the
shipped seed (``inputs/seed.py``) from ``pytorch_tests.SEED_SUBSET``.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from opprop.cli.errors import EXIT_NOT_TESTED, EXIT_OK, UsageError


def add_parser(sub):
    p = sub.add_parser("corpus", help="run PyTorch's own test files under opprop's checks and record their calls into a corpus")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="test files, relative to PyTorch's test/ folder (test_sparse.py, quantization/core/test_quantized_op.py); "
                        "with --seed-out and none given: the seed's subset")
    p.add_argument("--pytorch-src", metavar="PATH",
                   help="a PyTorch checkout (or its test/ folder) at the installed torch's version; without it the files are "
                        "fetched from GitHub at torch.version.git_version for this run only")
    p.add_argument("--out", metavar="DIR", default=os.path.join(".opprop", "pytorch-corpus"),
                   help="the corpus to record into, for opprop check/fuzz --corpus DIR (default .opprop/pytorch-corpus)")
    p.add_argument("-k", dest="select", metavar="EXPR", default="", help="pytest -k expression applied to every file (bounds a run)")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds one file's run may take; then it is stopped and what it recorded kept (default 600)")
    p.add_argument("--write-expected", metavar="DIR", help="shrink each finding outside the ledger into an expect file in DIR (pytest --opprop-write-expected)")
    p.add_argument("--logs", metavar="DIR", help="keep each file's pytest output in DIR (FILE.log)")
    p.add_argument("--report", metavar="FILE.json", help="write each file's counts and findings outside the ledger as JSON")
    p.add_argument("--seed-out", metavar="DIR",
                   help="regenerate a seed corpus in DIR (opprop/data/seed_corpus is the shipped one): run the seed's subset "
                        "(or FILEs), then keep a compact sample of it")
    p.set_defaults(handler=cmd_corpus)


def _validate(args) -> None:
    if not args.files and not args.seed_out:
        raise UsageError("name at least one test file (e.g. test_sparse.py), or --seed-out DIR for the seed's subset")
    if not args.timeout > 0:
        raise UsageError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    for f in args.files:
        if os.path.isabs(f) or ".." in Path(f).parts or not f.endswith(".py"):
            raise UsageError(f"{f}: a test file is a .py path relative to PyTorch's test/ folder (e.g. test_sparse.py)")
    for flag, value in (("--out", args.out), ("--logs", args.logs), ("--write-expected", args.write_expected)):
        if value and Path(value).exists() and not Path(value).is_dir():
            raise UsageError(f"{flag} {value}: not a directory")
    if args.logs:
        Path(args.logs).mkdir(parents=True, exist_ok=True)


def cmd_corpus(args) -> int:
    _validate(args)
    from opprop.inputs import pytorch_tests as pt

    if args.files:
        parts = [pt.Part(f, args.select) for f in args.files]
    else:
        parts = [pt.Part(p.path, args.select or p.select) for p in pt.SEED_SUBSET]
    fetched = None
    try:
        if args.pytorch_src:
            root = pt.tests_folder(args.pytorch_src)
            files = pt.local_files(root, [p.path for p in parts])
            where = f"tests from {root}"
        else:
            fetched = Path(tempfile.mkdtemp(prefix="opprop-pytorch-tests-"))
            root = fetched
            files = pt.fetch_files([p.path for p in parts], fetched)
            where = f"tests fetched at pytorch/pytorch@{pt.git_version()[:12]} (removed after the run)"
        return _run(args, parts, files, root, where)
    finally:
        if fetched is not None:
            shutil.rmtree(fetched, ignore_errors=True)


def _run(args, parts, files, root: Path, where: str) -> int:
    import torch

    from opprop.inputs import corpus, pytorch_tests as pt, seed

    record = Path(tempfile.mkdtemp(prefix="opprop-seed-")) if args.seed_out else Path(args.out).resolve()  # pytest runs in test/
    record.mkdir(parents=True, exist_ok=True)
    print(f"opprop corpus: torch {torch.__version__} ({pt.git_version()[:12]}), {where}; recording into {record}")
    runs = []
    for part, f in zip(parts, files):
        started = time.monotonic()
        run = pt.run_file(f, root, record, select=part.select, timeout=args.timeout, log_dir=args.logs and Path(args.logs),
                          write_expected=args.write_expected and Path(args.write_expected).resolve())
        runs.append(run)
        print(f"{run.one_line()} [{time.monotonic() - started:.0f} s]", flush=True)
        for r in run.new_findings:
            print(f"  NEW {r['aten_op']} / {r['invariant']}: {r['count']} call(s) in {r['tests']} test(s); first {r['first_test']} ({r['where']})")
        for kind, n in sorted(run.internal_error_kinds.items(), key=lambda kv: -kv[1])[:5]:
            print(f"  opprop internal error, {n} call(s) unchecked: {kind}")
    held = corpus.read(record)
    calls = sum(r.calls for r in runs)
    overloads = set().union(*(r.overloads for r in runs)) if runs else set()
    new = {(f["aten_op"], f["invariant"]) for r in runs for f in r.new_findings}
    print(f"{calls} call(s) recorded of {len(overloads)} overload(s); {len(new)} (op, invariant) finding(s) outside the ledger; "
          f"{record} holds {sum(len(v) for v in held.values())} call(s) of {len(held)} overload(s)")
    summary = {"torch_version": torch.__version__, "git_version": pt.git_version(), "tests": where,
               "files": [dict(r.as_json(), select=p.select) for p, r in zip(parts, runs)]}
    if args.seed_out and not calls:  # the shipped seed is never replaced by an empty one
        print(f"seed not written to {args.seed_out}: no call was recorded")
    elif args.seed_out:
        info = seed.compact(record, Path(args.seed_out), about={k: v for k, v in summary.items() if k != "files"} | {
            "files": [{"path": r.path, "select": p.select, "tests_checked": r.tests_checked, "calls": r.calls,
                       "overloads": len(r.overloads)} for p, r in zip(parts, runs)]})
        print(f"seed written to {args.seed_out}: {info['calls']} call(s) of {info['overloads']} overload(s), {info['bytes']} bytes"
              + (f" ({info['dropped_over_size_bound']} longest call(s) dropped to stay under {seed.MAX_BYTES} bytes)" if info["dropped_over_size_bound"] else ""))
    if args.seed_out:
        shutil.rmtree(record, ignore_errors=True)
    if args.report:
        Path(args.report).write_text(json.dumps(summary, indent=1) + "\n")
    return EXIT_OK if any(r.tests_checked for r in runs) else EXIT_NOT_TESTED
