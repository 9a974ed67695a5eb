"""Shards merged: several machines' journals make one report, one summary and one set of crash groups."""
import json
import subprocess
import sys

import pytest

from tests.support.runs import env, keys, run_fuzz

SEGV = ("opprop_crashy::segv", "crash")  # both shards find it
ONLY_A = ("aten::q_per_channel_scales", "tensorimpl_use_count")
ONLY_B = ("opprop_test::hold_output", "tensorimpl_use_count")


def _opprop(*args, cwd):
    return subprocess.run([sys.executable, "-m", "opprop", *args], capture_output=True, text=True, env=env(), cwd=cwd, timeout=600)


def _crashes(*journals) -> int:
    """The raw crash findings the journals hold (a target resumed after a crash may crash again: pool.MAX_RESUMED)."""
    return sum(1 for j in journals for line in j.read_text().splitlines()
               if json.loads(line).get("type") == "finding" and json.loads(line)["finding"]["invariant"] == "crash")


def _two_shards(tmp_path):
    common = ["--jobs", "1", "--budget", "60", "--per-op-examples", "30", "--import", "custom_ops", "--database", str(tmp_path / "db")]
    _, a = run_fuzz(tmp_path, "--ops", "opprop_crashy::segv", "aten::q_per_channel_scales", *common, name="a")
    _, b = run_fuzz(tmp_path, "--ops", "opprop_crashy::segv", "opprop_test::hold_output", *common, name="b")
    assert SEGV in keys(a) & keys(b) and ONLY_A in keys(a) - keys(b) and ONLY_B in keys(b) - keys(a)
    return tmp_path / "a.jsonl", tmp_path / "b.jsonl", keys(a) | keys(b)


@pytest.mark.nightly  # slow end to end; its parts are tested in CI (pytest -m nightly runs it)
def test_shard_journals_merge_into_one_report_and_one_set_of_crash_groups(tmp_path):
    a, b, union = _two_shards(tmp_path)
    made = _opprop("fuzz", "--from-journal", str(a), str(b), str(a), "--report", "merged.json", "--summary", "merged.md", cwd=tmp_path)
    assert made.returncode == 0, made.stderr[-2000:]
    merged = json.loads((tmp_path / "merged.json").read_text())
    found = [(f["aten_op"], f["invariant"]) for f in merged["findings"]]
    assert sorted(found) == sorted(union)  # the union, the crash both shards saw once
    assert [c["aten_op"] for c in merged["crashes"]] == ["opprop_crashy::segv"]
    assert {o["name"] for o in merged["ops"]} == {"opprop_crashy::segv", "aten::q_per_channel_scales", "opprop_test::hold_output"}
    summary = (tmp_path / "merged.md").read_text()
    assert summary.startswith(f"# opprop fuzz: {len(union)} finding(s) over 3/3 ops")
    assert [x for x in summary.splitlines() if x.startswith("| `opprop_crashy::")] == ["| `opprop_crashy::segv` | SIGSEGV | 1 |"]
    assert "shard 1/1, 1/1" in summary

    grouped = _opprop("report", "--issue", str(a), str(b), str(a), "--no-native-frame", "--out", "crashes", "--json", "issue.json",
                      "--md", "issues.md", "--summary", "issue.md", cwd=tmp_path)
    assert grouped.returncode == 0, grouped.stderr[-2000:]
    rep = json.loads((tmp_path / "issue.json").read_text())
    raw = _crashes(a, b)  # a journal named twice is read once
    assert raw >= 2 and [(g["op"], g["outcome"]["what"], g["raw_findings"]) for g in rep["crash_groups"]] == [("opprop_crashy::segv", "SIGSEGV", raw)]
    assert {(f["aten_op"], f["invariant"]) for f in rep["findings"]} == union
    assert (tmp_path / "issues.md").read_text().startswith(f"# opprop: 1 crash group(s) from {raw} raw crash finding(s)")


def test_merging_refuses_what_is_not_a_shard_journal(tmp_path):
    run = {"type": "run", "targets": [], "torch_version": "2.13.0"}
    (tmp_path / "a.jsonl").write_text(json.dumps(run) + "\n")
    (tmp_path / "b.jsonl").write_text(json.dumps({**run, "torch_version": "2.12.0"}) + "\n")
    (tmp_path / "r.json").write_text(json.dumps({"findings": []}, indent=1))
    for argv, why in [(["fuzz", "--from-journal", "a.jsonl", "b.jsonl", "--report", "m.json"], "different torch versions"),
                      (["fuzz", "--from-journal", "a.jsonl", "gone.jsonl"], "gone.jsonl: no such file"),
                      (["report", "--issue", "a.jsonl", "r.json"], "r.json is not a fuzz journal")]:
        out = _opprop(*argv, cwd=tmp_path)
        assert out.returncode == 2 and out.stderr.count("\n") == 1 and why in out.stderr, (argv, out.stderr[-500:])
