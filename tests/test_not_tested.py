"""No silent clean: a target no input could call validly is "not tested" in every output, never "0 findings" alone."""
import json

from opprop.cli import main as cli
from opprop.cli.errors import EXIT_NOT_TESTED

from tests.support.runs import run_fuzz


def test_check_of_an_op_no_draw_can_call_exits_not_tested_and_says_why(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    report = tmp_path / "r.json"
    code = cli.main(["check", "opprop_untestable::boxes_area", "--import", "untestable_ops", "--examples", "20", "--json", str(report)])
    out = capsys.readouterr().out
    assert code == EXIT_NOT_TESTED == 5, out
    assert "opprop_untestable::boxes_area: not tested: no valid example of 20" in out
    assert "boxes must be [N, 4]" in out  # why: the op's own most frequent rejection
    assert "0 finding(s) (not tested: no valid call)" in out
    tested = json.loads(report.read_text())["tested"]
    assert tested["status"] == "not_tested" and tested["valid"] == 0 and tested["examples"] == 20
    assert "boxes must be [N, 4]" in tested["top_rejections"][0]["error"]


def test_check_of_a_half_valid_op_says_tested_n_of_m(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    report = tmp_path / "r.json"
    assert cli.main(["check", "opprop_untestable::floats_only", "--import", "untestable_ops", "--examples", "20", "--json", str(report)]) == 0
    out = capsys.readouterr().out
    tested = json.loads(report.read_text())["tested"]
    assert tested["status"] == "partly_tested" and 0 < tested["valid"] < 20 == tested["examples"]
    assert f"opprop_untestable::floats_only: tested {tested['valid']} of 20 examples (valid)" in out
    assert "floats_only takes a floating-point tensor" in out


def test_fuzz_summary_lists_untested_targets_first(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    summary = tmp_path / "s.md"
    proc, rep = run_fuzz(tmp_path, "--import", "untestable_ops", "--ops", "opprop_untestable::*", "--jobs", "1", "--budget", "20",
                         "--per-op-examples", "200", "--database", str(tmp_path / "db"), "--summary", str(summary))
    rows = {o["name"]: o for o in rep["ops"]}
    assert rows["opprop_untestable::boxes_area"]["tested"]["status"] == "not_tested"
    assert rows["opprop_untestable::floats_only"]["tested"]["status"] == "partly_tested"
    text = summary.read_text()
    assert text.splitlines()[0].endswith("1 not tested")
    first_section = text.split("\n## ")[1]
    assert first_section.startswith("Not tested: no valid example (1)"), text
    assert "`opprop_untestable::boxes_area`: 0/" in first_section and "boxes must be [N, 4]" in first_section
    assert "floats_only" not in first_section
    assert "1 not tested (no valid example): opprop_untestable::boxes_area" in proc.stdout
