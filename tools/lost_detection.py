"""Do the property tests see lost detection? A scratch copy whose checker records nothing must fail them.

``python tools/lost_detection.py [--all]`` copies the working tree to a
temporary folder, makes ``InvariantMode._record`` return at once there, runs
``pytest tests/test_property.py`` on the copy and compares the tests that
fail with the property tests of the ledger's ``hit_by`` targets: each of
those must fail with "looks fixed", and no other test may fail. By default
only those targets' tests run (about 30); ``--all`` runs every property test
(``-k property``, ~850, slow). Exit 0 when the two sets agree.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from xml.etree import ElementTree
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RECORD = "    def _record(self, plan: CheckPlan, call: ObservedCall, args, kwargs, signature=None) -> None:\n"


def copy_tree(into: Path) -> Path:
    """The working tree's tracked and unignored files, symlinks kept (also used by ``benchmarks.mutation``)."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    for name in filter(None, files.decode().split("\0")):
        src, dst = REPO / name, into / name
        if not src.exists() and not src.is_symlink():
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():
            os.symlink(os.readlink(src), dst)
        else:
            shutil.copy2(src, dst)
    return into


def scratch_copy(into: Path) -> Path:
    """``copy_tree`` with a checker that records nothing."""
    copy_tree(into)
    mode = into / "opprop" / "check" / "mode.py"
    text = mode.read_text()
    if text.count(RECORD) != 1:
        sys.exit("lost_detection: InvariantMode._record's signature changed; update RECORD")
    mode.write_text(text.replace(RECORD, RECORD + "        return  # planted: the checker records nothing\n"))
    return into


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="run every property test, not only the hit_by targets'")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    from opprop.core import ledger

    hit = sorted({t for e in ledger.load(REPO / "expected" / "ledger.toml").entries.values() for t in e.hit_by})
    expected = {"test_property_" + re.sub(r"\W", "_", f"{t}_cpu") for t in hit}
    with tempfile.TemporaryDirectory(prefix="opprop-lost-") as tmp:
        copy = scratch_copy(Path(tmp))
        select = "property" if args.all else " or ".join(sorted(expected))
        junit = Path(tmp) / "junit.xml"
        cmd = [sys.executable, "-m", "pytest", "tests/test_property.py", "-q", "-n", "0", "-p", "no:randomly",
               "-p", "no:cacheprovider", "-k", select, f"--junitxml={junit}"]
        env = {**os.environ, "PYTHONPATH": str(copy)}
        print(f"lost_detection: _record made a no-op in {copy}; running {'-k property' if args.all else f'{len(expected)} hit_by tests'}", flush=True)
        run = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, text=True)
        cases = ElementTree.parse(junit).getroot().iter("testcase") if junit.exists() else ()
        failed = {c.get("name"): " ".join((p.get("message") or "") for p in c if p.tag in ("failure", "error"))
                  for c in cases if any(p.tag in ("failure", "error") for p in c)}
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-500:]
    print(f"lost_detection: pytest: {summary}")
    for name in sorted(failed):
        print(f"  FAILED {name}: {failed[name][:150]}...")
    missed = expected - set(failed)
    odd = {n for n in failed if n not in expected or "looks fixed" not in failed[n]}
    for name in sorted(missed):
        print(f"lost_detection: {name} passed with a checker that records nothing", file=sys.stderr)
    for name in sorted(odd):
        print(f"lost_detection: {name} failed, but not for lost detection", file=sys.stderr)
    ok = not missed and not odd
    print(f"lost_detection: {'ok' if ok else 'FAILED'}: {len(expected) - len(missed)} of {len(expected)} hit_by tests fail with 'looks fixed'")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
