"""``opprop replay [FILES...]``: run expect files and compare what they print with what they recorded."""
from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from opprop.cli.errors import EXIT_BAD_INPUT, EXIT_OK, UsageError

EXIT_CHANGED = 1  # a record changed, or an op looks fixed


def add_parser(sub):
    p = sub.add_parser("replay", help="replay expect files; report changed, fixed and still-failing (EXPECTTEST_ACCEPT=1 rewrites)")
    p.add_argument("files", nargs="*", help="expect files, or folders of them (default: expected/*.py and the crash repros in expected/crashes/*.py)")
    p.add_argument("--dir", default="expected", help="where the default files are (default expected/)")
    p.add_argument("-j", "--jobs", type=_jobs, default=os.cpu_count() or 1, metavar="N",
                   help="files replayed at once, each in its own interpreter; the output keeps the files' order (default: the number of cores)")
    p.set_defaults(handler=cmd_replay)


def _jobs(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {jobs}")
    return jobs


def _in_folder(folder: Path) -> list[Path]:
    """A folder's expect files, as ``--write-expected`` and ``--crash-out`` lay them out: ``*.py`` and ``crashes/*.py``."""
    return sorted(folder.glob("*.py")) + sorted(folder.glob("crashes/*.py"))


def cmd_replay(args) -> int:
    if args.files:
        named = [Path(f) for f in args.files]
        files = [f for path in named for f in (_in_folder(path) if path.is_dir() else [path])]
    else:  # the default folder, even when it is absent: then "no expect files", not an unreadable file
        named = [Path(args.dir)]
        files = _in_folder(named[0])
    if not files:
        raise UsageError(f"no expect files in {', '.join(f'{p}/' for p in named)}")
    counts = {}
    worst = EXIT_OK
    # threads suffice: each file runs in a child interpreter. Results are taken in the files' order, as each is ready,
    # so the output and the exit code are those of one file after another, whatever finishes first.
    pool = ThreadPoolExecutor(max_workers=args.jobs)
    try:
        for path, (r, error) in zip(files, pool.map(_replay_one, files)):
            worst = _report(path, r, error, counts, worst)
    finally:
        pool.shutdown(cancel_futures=True)  # Ctrl-C: the files not started are not started
    print(", ".join(f"{n} {status}" for status, n in sorted(counts.items())))
    return worst


def _replay_one(path: Path) -> tuple:
    """(the replay, None), or (None, the error) for a file that is no expect file: one file's failure stops no other."""
    from opprop.reduce import expectfile

    try:
        return expectfile.replay(path), None
    except expectfile.ExpectFileError as e:
        return None, e


def _report(path: Path, r, error, counts: dict, worst: int) -> int:
    """Print one file's verdict and count it; the exit code so far."""
    from opprop.reduce import expectfile

    if error is not None:
        print(f"opprop: error: {error}", file=sys.stderr)
        counts["corrupt"] = counts.get("corrupt", 0) + 1
        return EXIT_BAD_INPUT
    still = "still crashes" if r.crash else "still failing"
    label = still if r.status == "same" else r.status
    counts[label] = counts.get(label, 0) + 1
    if r.status == "same":
        print(f"{still}: {path}")
    elif r.status == "accepted":
        print(f"accepted: {path}: record rewritten")
    else:
        print(f"{r.status.upper()}: {path}: {r.message}")
        if r.status == "changed":
            sys.stdout.write(expectfile.diff(r))
        return max(worst, EXIT_CHANGED) if worst != EXIT_BAD_INPUT else worst
    return worst
