"""The torch-versions table (tools/torch_versions_doc.py): the declared range must be exactly what was verified."""
import sys

from tools import torch_versions, torch_versions_doc as doc


def _result(version, *, probe_ok=True, failed=(), files=None):
    files = files or {"expected/a.py": {"status": "still failing"}, "expected/crashes/b.py": {"status": "still crashes"}}
    counts = {}
    for entry in files.values():
        counts[entry["status"]] = counts.get(entry["status"], 0) + 1
    return {
        "version": version, "run_on": "2026-12-04",
        "probe": {"ok": True, "torch": version, "calibration": {"held_wrapper_refs": 1, "dropped_wrapper_refs": 0}}
        if probe_ok else {"ok": False, "reason": "ProbeError: use-count probe is wrong"},
        "check": {"command": "opprop check q_per_channel_scales", "exit": 0, "findings": ["tensorimpl_use_count: aten::x"], "stderr": []},
        "replay": {"command": "opprop replay", "exit": 0, "counts": counts, "files": files, "errors": []},
        "tests": {"counts": {"passed": 10 - len(failed), "failed": len(failed), "skipped": 0}, "failed": list(failed)},
    }


def test_a_release_in_range_that_is_not_verified_is_a_problem():
    results = [_result("2.8.0", probe_ok=False), _result("2.13.0"), _result("2.14.1", failed=["test_lstm"])]
    problems = doc.range_problems(results, ">=2.8,<2.15")
    assert any(p.startswith("2.8.0 is in") and "probe refuses" in p for p in problems)
    assert any(p.startswith("2.14.1 is in") and "real-code tests failed" in p for p in problems)
    assert not any(p.startswith("2.13.0") for p in problems)
    assert any(p.startswith("2.13.0 is verified but outside") for p in doc.range_problems(results, ">=2.14"))


def test_the_table_names_the_releases_where_an_expect_file_does_not_still_fail():
    changed = {"expected/a.py": {"status": "changed", "diff": ["--- expected", "+++ actual", "-old", "+output 0: new"]},
               "expected/crashes/b.py": {"status": "still crashes"}}
    page = doc.render([_result("2.8.0", files=changed), _result("2.13.0")])
    assert "| 2.13.0 | 2026-12-04 | ok (a held storage wrapper adds 1, a dropped one 0) | 1 finding line(s) | 1 / 0 / 0 / 1 |" in page
    assert "- `expected/a.py`: still failing on 2.13.0; changed on 2.8.0 (now prints `output 0: new`)" in page
    assert "expected/crashes/b.py`:" not in page  # still crashes everywhere
    assert "every release above" in page


def test_in_range_without_packaging_agrees(monkeypatch):
    cases = [("2.8.0", ">=2.8,<2.15", True), ("2.15.0", ">=2.8,<2.15", False), ("2.7.1", ">=2.8,<2.15", False),
             ("2.14.1", "<=2.14.1", True), ("2.14.1", ">=2.8,<2.14", False)]
    with_packaging = [doc.in_range(v, spec) for v, spec, _ in cases]
    monkeypatch.setitem(sys.modules, "packaging.specifiers", None)  # the import fails: the hand-made reading
    assert [doc.in_range(v, spec) for v, spec, _ in cases] == [want for *_, want in cases] == with_packaging


def test_the_versions_are_the_ones_the_noxfile_runs():
    assert torch_versions.VERSIONS == tuple(sorted(torch_versions.VERSIONS, key=doc._key))
    assert "2.13.0" in torch_versions.VERSIONS  # requirements-ci.txt's pin is among them
    assert "torch==2.13.0" in (torch_versions.REPO / "requirements-ci.txt").read_text()
