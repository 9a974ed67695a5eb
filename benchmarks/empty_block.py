"""What an empty ``opprop.checking()`` block costs, against an earlier revision's, in one process, interleaved.

A block loads the ledger on entry, and real code enters one per step: an empty block should cost about what its
dispatch mode costs. Ways: ``checking`` (the current block), ``baseline`` (the revision's own ``checking()``, see
``baseline.py``), ``mode`` (an ``InvariantMode`` entered and left: the floor) and ``ledger`` (``ledger.load()`` alone).
Each round runs the ways in a fresh shuffled order; a way's figure is its fastest round, in microseconds per block.
They run in an empty folder, as in a project without its own ``expected/ledger.toml``: in this checkout that file is
the current code's shipped ledger, but a second file to the revision's.

``python -m benchmarks.empty_block [--against REV]`` prints the table; ``python -m benchmarks --parts empty_block``
keeps it in RESULTS.md.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

DEFAULT_REV = "4ccd746"  # the last commit that resolved the ledger's paths on every block (issue #54)
WAYS = ("checking", "baseline", "mode", "ledger")


def _ways(rev: str) -> dict:
    import opprop
    from opprop.check.mode import InvariantMode
    from opprop.core import ledger

    from . import baseline

    baseline.load(rev)
    baseline_checking = baseline.checking()

    def block(make):
        def run():
            with make():
                pass
        return run

    return {"checking": block(opprop.checking), "baseline": block(baseline_checking), "mode": block(lambda: InvariantMode("user code")),
            "ledger": ledger.load}


def run(rev: str = DEFAULT_REV, rounds: int = 15, blocks: int = 300, progress=None) -> dict:
    """Microseconds per block of each way: the fastest round and the median round."""
    from . import baseline

    ways = _ways(rev)
    per_round = {w: [] for w in ways}
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="opprop-empty-block-") as empty:
        os.chdir(empty)
        try:
            _time(ways, per_round, rounds, blocks, progress)
        finally:
            os.chdir(here)
    return {"against": {"rev": rev, "commit": baseline.resolve(rev)}, "rounds": rounds, "blocks": blocks,
            "us": {w: {"min": min(t), "median": statistics.median(t)} for w, t in per_round.items()}}


def _time(ways: dict, per_round: dict, rounds: int, blocks: int, progress) -> None:
    for way in ways.values():  # warm up: the first block parses the ledger
        way()
    shuffle = random.Random(0)
    for r in range(rounds):
        for name in shuffle.sample(list(ways), len(ways)):
            way = ways[name]
            start = time.perf_counter()
            for _ in range(blocks):
                way()
            per_round[name].append((time.perf_counter() - start) / blocks * 1e6)
        if progress:
            progress(r + 1, rounds, "")


def section(part: dict) -> list:
    """The part's lines in RESULTS.md."""
    us = part["us"]
    out = ["", "## An empty checking() block (issue #54)", "",
           f"`with opprop.checking(): pass`, against `{part['against']['rev']}` ({part['against']['commit'][:10]}), the same "
           f"process, {part['rounds']} interleaved rounds of {part['blocks']} blocks (`benchmarks/empty_block.py`); "
           "microseconds per block.", "", "| way | fastest round µs | median round µs |", "| --- | --- | --- |"]
    out += [f"| {w} | {us[w]['min']:.1f} | {us[w]['median']:.1f} |" for w in WAYS]
    out += ["", f"checking/baseline {us['checking']['min'] / us['baseline']['min']:.2f}; "
                f"checking/mode {us['checking']['min'] / us['mode']['min']:.2f} (fastest rounds)."]
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.empty_block", description=__doc__.splitlines()[0])
    p.add_argument("--against", default=DEFAULT_REV, metavar="REV", help=f"the revision timed beside this one (default {DEFAULT_REV})")
    p.add_argument("--rounds", type=int, default=15)
    args = p.parse_args(argv)
    print("\n".join(section(run(args.against, rounds=args.rounds))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
