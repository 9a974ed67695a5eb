"""The layer contract (pyproject.toml's [tool.importlinter]) holds, and an upward import breaks it.

.ci/run also runs ``lint-imports`` before the tests; this module proves the
contract is not one that cannot fail.
"""
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
    assert "1 kept, 0 broken" in proc.stdout


def test_an_upward_import_breaks_the_contract(tmp_path):
    copy = _copy(tmp_path)
    calls = copy / "opprop" / "core" / "calls.py"
    calls.write_text(calls.read_text() + "\nfrom opprop.cli import errors  # planted: core reaching up to the command line\n")
    proc = _lint(copy)
    assert proc.returncode != 0
    assert "opprop.core is not allowed to import opprop.cli" in proc.stdout
    assert "opprop.core.calls -> opprop.cli.errors" in proc.stdout
