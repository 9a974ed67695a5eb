"""The InvariantMode of an earlier revision, importable beside the current one.

``git archive REV opprop`` (with ``generators/`` and ``strategies/``, which
the package maps in, where the revision has them) is unpacked into a
temporary directory as the package ``opprop_baseline``. Its absolute
``opprop`` imports are rewritten to that name, so the baseline's dispatch
mode (``checkmode.py`` or ``check/mode.py``) runs on the baseline's own
catalog, probe and invariants, in the same process as the current code. The overhead part
then times both modes on the same samples, interleaved, so the ratio
between them is not the machine's drift between two runs.
"""
from __future__ import annotations

import atexit
import importlib
import importlib.util
import io
import posixpath
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

# The last commit before the invariants became objects (issue 13): the code the overhead is held to.
DEFAULT_REV = "eb56b01"
PACKAGE = "opprop_baseline"
ROOT = Path(__file__).resolve().parent.parent
_ABSOLUTE = re.compile(r"^\s*(from|import)\s+opprop\b", re.M)
_ABSOLUTE_NAME = re.compile(r"^(\s*(?:from|import)\s+)opprop(?=[.\s])", re.M)
_MODULE_KEY = 'sys.modules["opprop"]'  # checking()'s own frames are found by its package's folder: the baseline's, once renamed
MAPPED = ("generators", "strategies")  # folders the package maps in (pyproject's package-dir)
MODE_MODULES = ("checkmode", "check.mode")  # where a revision keeps InvariantMode, oldest first
CHECKING_MODULES = ("usercode", "checking_context")  # where a revision keeps checking(), oldest first


class BaselineError(RuntimeError):
    """The revision cannot be exported or its InvariantMode imported."""


def resolve(rev: str) -> str:
    """The full commit id of ``rev`` (a one-line error when git does not know it)."""
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], cwd=ROOT, capture_output=True, text=True)
    if found.returncode != 0:
        raise BaselineError(f"--baseline {rev!r}: not a commit of this repository")
    return found.stdout.strip()


def load(rev: str = DEFAULT_REV):
    """Return (the commit id, the revision's ``InvariantMode`` class), from ``PACKAGE``."""
    commit = resolve(rev)
    mapped = [d for d in MAPPED if _has_path(commit, d)]
    archive = subprocess.run(["git", "archive", "--format=tar", commit, "opprop", *mapped], cwd=ROOT, capture_output=True)
    if archive.returncode != 0:
        raise BaselineError(f"--baseline {rev!r}: git archive failed: {archive.stderr.decode(errors='replace').strip()}")
    where = Path(tempfile.mkdtemp(prefix="opprop-baseline-"))
    atexit.register(shutil.rmtree, where, True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(where, filter="data")
    (where / "opprop").rename(where / PACKAGE)
    for folder in mapped:  # package-dir: opprop.generators is generators/
        target = where / PACKAGE / folder
        if target.is_symlink():
            target.unlink()
        (where / folder).rename(target)
    for link in [f for f in (where / PACKAGE).rglob("*") if f.is_symlink()]:  # package data linked from outside it
        _copy_linked(commit, link, where)
    for source in (where / PACKAGE).rglob("*.py"):
        text = source.read_text()
        renamed = _ABSOLUTE_NAME.sub(lambda m: m.group(1) + PACKAGE, text).replace(_MODULE_KEY, f'sys.modules["{PACKAGE}"]')
        if renamed != text:
            source.write_text(renamed)
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]  # a second load (another revision) must not reuse the first
    sys.path.insert(0, str(where))
    try:
        checkmode = _import_mode()
    except Exception as e:  # noqa: BLE001  (any import failure: one line, not a traceback)
        raise BaselineError(f"--baseline {rev!r}: cannot import its checkmode: {type(e).__name__}: {e}") from None
    finally:
        sys.path.remove(str(where))
    if checkmode.__file__ is None or not Path(checkmode.__file__).is_relative_to(where):
        raise BaselineError(f"--baseline {rev!r}: imported {checkmode.__file__}, not the exported revision")
    absolute = sorted(
        m.__name__ for m in list(sys.modules.values())
        if m.__name__.startswith(PACKAGE + ".") and getattr(m, "__file__", None) and _ABSOLUTE.search(Path(m.__file__).read_text())
    )
    if absolute:  # it would run the current code's modules, not the baseline's
        raise BaselineError(f"--baseline {rev!r}: {', '.join(absolute)} import opprop absolutely")
    return commit, checkmode.InvariantMode


def checking():
    """The loaded revision's ``checking`` (what a user runs around code), or None where it has none.

    The real-steps part times it against the current ``opprop.checking()``:
    the same entry point on both sides, so what a block adds to the mode
    (each finding's user line and ledger entry, per block) is on both.
    """
    module = _first_module(CHECKING_MODULES)
    return None if module is None else module.checking


def _copy_linked(commit: str, link: Path, where: Path) -> None:
    """Put the revision's file in place of a link to it (``opprop/ledger.toml`` links to ``expected/ledger.toml``)."""
    target = posixpath.normpath(f"opprop/{link.relative_to(where / PACKAGE).parent.as_posix()}/{link.readlink().as_posix()}")
    text = subprocess.run(["git", "show", f"{commit}:{target}"], cwd=ROOT, capture_output=True)
    link.unlink()
    if text.returncode == 0:
        link.write_bytes(text.stdout)


def _has_path(commit: str, path: str) -> bool:
    return subprocess.run(["git", "cat-file", "-e", f"{commit}:{path}"], cwd=ROOT, capture_output=True).returncode == 0


def _import_mode():
    """The revision's dispatch-mode module, wherever that revision keeps it."""
    module = _first_module(MODE_MODULES)
    if module is None:
        raise ImportError(f"none of {', '.join(MODE_MODULES)}")
    return module


def _first_module(names):
    """The first of ``names`` (modules of the exported package, oldest layout first) the revision has, imported; or None."""
    for name in names:
        if importlib.util.find_spec(f"{PACKAGE}.{name.split('.')[0]}") is not None:
            return importlib.import_module(f"{PACKAGE}.{name}")
    return None
