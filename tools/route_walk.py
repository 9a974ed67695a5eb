"""How far a finding walks: the opprop files and functions an ``opprop`` command passes, in every process it starts.

Three counts, over the command's whole run and every process it spawns or forks:

- ``entered``: each opprop function entered (module and class bodies left out);
- ``data``: each one whose arguments or return value is a ``Finding``, or a
  list, tuple, set or dict that holds one directly: the functions a finding
  passes through from the check that made it to the expect file;
- ``route``: ``data`` plus every opprop function on the stack under one of
  them: the calls that lead from the command to a finding and on to its file.

Run it with the project's venv from the repository root; ``--source DIR`` runs
another revision's tree instead (a ``git worktree`` of it), for a side-by-side
count of the same command::

    python tools/route_walk.py --out walk.json -- check opprop_test::return_input \\
        --import custom_ops --examples 20 --write-expected /tmp/walk-expected

(``custom_ops`` is ``tests/ops/custom_ops.py``: run from a folder that holds a copy,
or put ``tests/ops`` on PYTHONPATH.) Each process notes what it enters through a
``sitecustomize`` module this script writes to a temporary folder put first on
PYTHONPATH, so forked and spawned workers are counted as the parent is.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_HOOK = r'''
import json, os, sys, threading

RECORD, SOURCE = os.environ["ROUTE_WALK_RECORD"], os.environ["ROUTE_WALK_SOURCE"]
_seen = set()
_FUNCTION = 0x2  # CO_NEWLOCALS: a function's code, not a module's or a class body's


def _holds_finding(value, depth=0):
    if type(value).__name__ == "Finding":
        return True
    if depth == 0 and isinstance(value, (list, tuple, set, frozenset, dict)):
        items = value.values() if isinstance(value, dict) else value
        return any(_holds_finding(v, 1) for v in list(items)[:50])
    return False


def _note(kind, code):
    key = (os.getpid(), kind, code.co_filename, code.co_name)
    if key not in _seen:
        _seen.add(key)
        with open(RECORD, "a") as fh:
            fh.write(json.dumps([os.getpid(), kind, code.co_filename[len(SOURCE):], code.co_name]) + "\n")


def _carries(frame):
    """A finding passes through this frame: noted as data, and every opprop frame under it as route."""
    _note("data", frame.f_code)
    while frame is not None:
        if frame.f_code.co_filename.startswith(SOURCE) and frame.f_code.co_flags & _FUNCTION:
            _note("route", frame.f_code)
        frame = frame.f_back


def _profile(frame, event, arg):
    code = frame.f_code
    if not code.co_filename.startswith(SOURCE) or not code.co_flags & _FUNCTION:
        return
    if event == "call":
        _note("entered", code)
        names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
        if any(_holds_finding(frame.f_locals.get(n)) for n in names):
            _carries(frame)
    elif event == "return" and arg is not None and _holds_finding(arg):
        _carries(frame)


sys.setprofile(_profile)
threading.setprofile(_profile)
'''


def count(rows: list) -> dict:
    """{kind: {files, functions, processes, by_file}} from the noted rows."""
    counted = {}
    for kind in ("entered", "route", "data"):
        functions = sorted({(r[2], r[3]) for r in rows if r[1] == kind})
        files = sorted({f for f, _ in functions})
        counted[kind] = {"files": len(files), "functions": len(functions), "processes": len({r[0] for r in rows if r[1] == kind}),
                         "by_file": {f: [n for g, n in functions if g == f] for f in files}}
    return counted


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=str(ROOT), help="the tree whose opprop/ runs (default: this repository)")
    parser.add_argument("--out", required=True, help="where the counts go (JSON, with each file's functions)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the opprop command's arguments")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no opprop command given (put it after --)")
    source = Path(args.source).resolve()
    with tempfile.TemporaryDirectory(prefix="route-walk-") as hook_dir:
        (Path(hook_dir) / "sitecustomize.py").write_text(_HOOK)
        record = Path(hook_dir) / "record.jsonl"
        env = {**os.environ, "ROUTE_WALK_RECORD": str(record), "ROUTE_WALK_SOURCE": str(source / "opprop") + os.sep,
               "PYTHONPATH": os.pathsep.join([hook_dir, str(source), os.getcwd(), *filter(None, [os.environ.get("PYTHONPATH")])])}
        done = subprocess.run([sys.executable, "-m", "opprop", *command], env=env)
        rows = [json.loads(line) for line in record.read_text().splitlines()] if record.exists() else []
    counted = count(rows)
    Path(args.out).write_text(json.dumps({"command": ["opprop", *command], "source": str(source), "exit": done.returncode, **counted}, indent=1))
    for kind, c in counted.items():
        print(f"{kind}: {c['files']} files, {c['functions']} functions, {c['processes']} processes")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
