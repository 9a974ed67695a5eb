"""Mutation testing (``python -m benchmarks --parts mutation``; not run by CI, nor by default): would the tests notice a changed check?

mutmut (``pip install mutmut``) mutates a scratch copy of the working tree
(``tools/lost_detection.copy_tree``), one region at a time, each with the
tests aimed at it; for each mutant mutmut runs only the selected tests that
reach the mutated function. A surviving mutant is either a gap in the tests
or equivalent to the original (RESULTS.md says which, and why).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# region -> (files mutmut mutates, mutant-name globs run (None: all of them), the tests aimed at them)
REGIONS = {
    "ledger": (["opprop/core/ledger.py"], None,
               ["tests/test_checking.py", "tests/test_ledger_upstream.py", "tests/test_shrink.py", "-k", "(ledger or verdict or stale or hit_by or upstream) and not ships_inside"]),
    # the acceptance rule: shrink_with's greedy loop and shrink's cached check; the fast shrinking tests, not the CLI pipeline
    "shrink acceptance": (["opprop/reduce/shrink.py"], ["opprop.reduce.shrink.x_shrink_with*", "opprop.reduce.shrink.x_shrink__*"],
                          ["tests/test_shrink.py", "-k", "strided or values_stay or passes_is_an_error or quantized_capture"]),
    # of check/'s invariants, the use-count one (the codegen assert the project exists for); the others: a longer run
    "tensorimpl_use_count": (["opprop/check/invariants/tensorimpl_use_count.py"], None,
                             ["tests/test_invariants.py", "tests/test_aliasing_precision.py"]),
    "memory": (["opprop/check/memory.py"], None, ["tests/test_memory.py", "tests/test_aliasing_precision.py"]),
}
DEFAULT_REGIONS = tuple(REGIONS)
# Surviving mutants that behave exactly as the original for every input the code can get, and why (mutmut's names are
# stable while the function's source is). Every other survivor is a gap in the tests.
_COMMENT = "the ledger's header comment, which load() ignores (only the comment's case changes)"
_ARANGE = "torch.arange of an int end without dtype is int64 already"
EQUIVALENT: dict = {
    "opprop.core.ledger.x_render__mutmut_3": _COMMENT,
    "opprop.core.ledger.x_render__mutmut_4": _COMMENT,
    "opprop.core.ledger.x_render__mutmut_6": _COMMENT,
    "opprop.core.ledger.x_render__mutmut_7": _COMMENT,
    "opprop.check.memory.x__byte_addresses__mutmut_10": _ARANGE,
    "opprop.check.memory.x__byte_addresses__mutmut_12": _ARANGE,
    "opprop.check.memory.x__element_starts__mutmut_16": _ARANGE,
    "opprop.check.memory.x__element_starts__mutmut_18": _ARANGE,
    "opprop.core.ledger.x_merge__mutmut_24": "the name of the temporary file os.replace() moves onto the ledger; nothing else sees it",
}


def _config(files: list[str], tests: list[str]) -> str:
    select = ", ".join(json.dumps(t) for t in tests)
    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["opprop/"]\n'
        f"only_mutate = [{', '.join(json.dumps(f) for f in files)}]\n"
        'also_copy = ["generators/", "strategies/", "expected/", "benchmarks/", "tools/"]\n'
        f"pytest_add_cli_args_test_selection = [{select}]\n"
        'pytest_add_cli_args = ["-p", "no:randomly", "-p", "no:cacheprovider", "-q"]\n'
        # mutants fork from a server that only imported the tests: no cache (memory's lru_caches) holds a result
        # computed by unmutated code, and torch is not forked from a process that ran it
        'process_isolation = "forkserver"\n'
    )


def run_region(name: str, jobs: int = 2) -> dict:
    files, names, tests = REGIONS[name]
    sys.path.insert(0, str(REPO))
    from tools.lost_detection import copy_tree

    with tempfile.TemporaryDirectory(prefix="opprop-mutation-") as tmp:
        copy = copy_tree(Path(tmp))
        for link in [p for p in (copy / "opprop").iterdir() if p.is_symlink()]:  # mutmut copies no symlink into mutants/
            target = link.resolve()
            link.unlink()
            (shutil.copytree if target.is_dir() else shutil.copy2)(target, link)
        with open(copy / "pyproject.toml", "a") as fh:
            fh.write(_config(files, tests))
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the mutated copy, not this tree
        mutmut = [str(Path(sys.executable).parent / "mutmut")]
        t0 = time.monotonic()
        run = subprocess.run([*mutmut, "run", "--max-children", str(jobs), *(names or [])], cwd=copy, env=env, capture_output=True, text=True)
        seconds = time.monotonic() - t0
        listed = subprocess.run([*mutmut, "results", "--all", "true"], cwd=copy, env=env, capture_output=True, text=True).stdout
        statuses = {}
        for line in listed.splitlines():
            if ":" in line:
                mutant, status = (x.strip() for x in line.rsplit(":", 1))
                if names is None or any(_glob(mutant, n) for n in names):
                    statuses[mutant] = status
        survivors = {m: subprocess.run([*mutmut, "show", m], cwd=copy, env=env, capture_output=True, text=True).stdout
                     for m, s in statuses.items() if s == "survived"}
    counts: dict = {}
    for s in statuses.values():
        counts[s] = counts.get(s, 0) + 1
    if not statuses:
        raise RuntimeError(f"mutmut ran no mutant in {name}: {run.stdout[-1500:]}{run.stderr[-1500:]}")
    killed = counts.get("killed", 0)
    decided = sum(v for k, v in counts.items() if k in ("killed", "survived", "timeout"))
    return {"files": files, "mutants": names or ["all"], "tests": tests, "counts": counts, "seconds": round(seconds, 1),
            "score": round(killed / decided, 3) if decided else None, "survivors": survivors}


def _glob(name: str, pattern: str) -> bool:
    import fnmatch

    return fnmatch.fnmatchcase(name, pattern)


def run(regions=DEFAULT_REGIONS, progress=None) -> dict:
    out = {}
    for i, name in enumerate(regions):
        if progress:
            progress(i, len(regions), name)
        out[name] = run_region(name)
    if progress:
        progress(len(regions), len(regions), "")
    return {"tool": "mutmut " + _version(), "regions": out}


def _version() -> str:
    from importlib.metadata import version

    return version("mutmut")


if __name__ == "__main__":
    which = sys.argv[1:] or list(DEFAULT_REGIONS)
    print(json.dumps(run(which), indent=1))
