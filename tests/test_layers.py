"""The layer contract (pyproject.toml's [tool.importlinter]) holds, and an upward import or an import cycle breaks it;
no module of the package is over 400 lines.

.ci/run also runs ``lint-imports`` before the tests; this module proves the
contracts are not ones that cannot fail.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")


def _lint(root: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([LINT, "--config", str(root / "pyproject.toml"), "--no-cache"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "opprop", copy / "opprop", symlinks=True, ignore=ignore)  # the links to generators/, strategies/
    for folder in ("generators", "strategies"):
        shutil.copytree(ROOT / folder, copy / folder, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    return copy


def test_the_layers_hold(tmp_path):
    proc = _lint(_copy(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 kept, 0 broken" in proc.stdout


def test_an_upward_import_breaks_the_contract(tmp_path):
    copy = _copy(tmp_path)
    calls = copy / "opprop" / "core" / "calls.py"
    calls.write_text(calls.read_text() + "\nfrom opprop.cli import errors  # planted: core reaching up to the command line\n")
    proc = _lint(copy)
    assert proc.returncode != 0
    assert "opprop.core is not allowed to import opprop.cli" in proc.stdout
    assert "opprop.core.calls -> opprop.cli.errors" in proc.stdout


MAX_LINES = 400
PACKAGE_DIRS = ("opprop", "generators", "strategies")  # opprop/generators and opprop/strategies are links to the last two


def _long_modules(root: Path) -> list[str]:
    return [f"{p.relative_to(root)}: {n} lines" for folder in PACKAGE_DIRS for p in sorted((root / folder).rglob("*.py"))
            if (n := len(p.read_text().splitlines())) > MAX_LINES]


def test_no_module_is_over_400_lines():
    assert _long_modules(ROOT) == []


def test_an_overlong_module_is_caught(tmp_path):
    copy = _copy(tmp_path)
    planted = copy / "opprop" / "core" / "calls.py"
    planted.write_text(planted.read_text() + "\n" * MAX_LINES)
    assert _long_modules(copy) == [f"opprop/core/calls.py: {len(planted.read_text().splitlines())} lines"]


def _cycles(root: Path) -> list[list[str]]:
    """Import cycles among the package's modules at run time (grimp's graph; imports under TYPE_CHECKING left out)."""
    code = ("import grimp, json\n"
            "g = grimp.build_graph('opprop', exclude_type_checking_imports=True)\n"
            "print(json.dumps({m: sorted(g.find_modules_directly_imported_by(m)) for m in g.modules}))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    edges = json.loads(proc.stdout)
    return [c for c in _strongly_connected(edges) if len(c) > 1 or c[0] in edges[c[0]]]


def _strongly_connected(edges: dict) -> list[list[str]]:
    """Tarjan's components, iteratively: each a set of modules that all import one another, directly or not."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    found = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(edges.get(w, ()))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                found.append(sorted(component))
    return found


def test_no_import_cycle():
    assert _cycles(ROOT) == []


def test_an_import_cycle_is_caught(tmp_path):
    copy = _copy(tmp_path)
    outcome = copy / "opprop" / "reduce" / "crash_outcome.py"  # expectfile imports it: a planted import back closes a cycle
    outcome.write_text(outcome.read_text() + "\n\ndef _planted():\n    from opprop.reduce import expectfile  # planted\n")
    assert _cycles(copy) == [["opprop.reduce.crash_outcome", "opprop.reduce.expectfile"]]
    proc = _lint(copy)
    assert proc.returncode != 0
    assert "No cycles are allowed in opprop.reduce" in proc.stdout
