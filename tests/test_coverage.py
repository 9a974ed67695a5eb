"""``opprop coverage`` on a few overloads: two worker processes, valid counts, findings, validity saved."""
import json

from opprop import cli


def test_coverage_on_a_few_overloads(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    out_json = tmp_path / "cov.json"
    ops = ["aten::add.Tensor", "aten::q_per_channel_scales", "aten::set_.source_Storage"]
    args = ["coverage", "--jobs", "2", "--budget", "300", "--json", str(out_json)]
    for op in ops:
        args += ["--op", op]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    data = json.loads(out_json.read_text())
    rows = {r["name"]: r for r in data["rows"]}
    assert rows["aten::add.Tensor"]["valid"] >= 5 and rows["aten::q_per_channel_scales"]["valid"] >= 5, rows
    assert "Storage" in rows["aten::set_.source_Storage"]["error"]
    assert data["summary"]["reached"] == 2 and data["summary"]["eligible"] == 3
    assert "unreached aten::set_.source_Storage" in out
    assert any(f.startswith("tensorimpl_use_count: aten::q_per_channel_scales") for f in data["summary"]["findings"])
    saved = json.loads((tmp_path / "v.json").read_text())
    assert saved["aten::add.Tensor"]["total"][0] >= 5
