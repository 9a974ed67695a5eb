"""``opprop replay [FILES...]``: run expect files and compare what they print with what they recorded."""
from __future__ import annotations

import sys
from pathlib import Path

from opprop.cli.errors import EXIT_BAD_INPUT, EXIT_OK, UsageError

EXIT_CHANGED = 1  # a record changed, or an op looks fixed


def add_parser(sub):
    p = sub.add_parser("replay", help="replay expect files; report changed, fixed and still-failing (EXPECTTEST_ACCEPT=1 rewrites)")
    p.add_argument("files", nargs="*", help="expect files, or folders of them (default: expected/*.py and the crash repros in expected/crashes/*.py)")
    p.add_argument("--dir", default="expected", help="where the default files are (default expected/)")
    p.set_defaults(handler=cmd_replay)


def _in_folder(folder: Path) -> list[Path]:
    """A folder's expect files, as ``--write-expected`` and ``--crash-out`` lay them out: ``*.py`` and ``crashes/*.py``."""
    return sorted(folder.glob("*.py")) + sorted(folder.glob("crashes/*.py"))


def cmd_replay(args) -> int:
    from opprop.reduce import expectfile

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
    for path in files:
        try:
            r = expectfile.replay(path)
        except expectfile.ExpectFileError as e:
            print(f"opprop: error: {e}", file=sys.stderr)
            counts["corrupt"] = counts.get("corrupt", 0) + 1
            worst = EXIT_BAD_INPUT
            continue
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
            worst = max(worst, EXIT_CHANGED) if worst != EXIT_BAD_INPUT else worst
    print(", ".join(f"{n} {status}" for status, n in sorted(counts.items())))
    return worst
