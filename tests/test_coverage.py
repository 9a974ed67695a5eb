"""``opprop coverage`` on a few overloads: two worker processes, valid counts, findings, validity saved."""
import json

from opprop import cli


def test_coverage_on_a_few_overloads(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    out_json = tmp_path / "cov.json"
    ops = ["aten::add.Tensor", "aten::q_per_channel_scales", "aten::set_.source_Storage"]
    args = ["coverage", "--jobs", "2", "--budget", "300", "--max-tries", "80", "--json", str(out_json)]
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


def test_fuzz_report_counts_aten_coverage_over_every_eligible_overload():
    from opprop import aten_listing
    from opprop.fuzz.aten_coverage import aten_coverage

    drivable = aten_listing.schema_targets()
    rows = [{"name": "aten::add.Tensor", "status": "ran", "examples": 8, "valid": 6},
            {"name": "aten::mul.Tensor", "status": "budget", "examples": 9, "valid": 4, "error_kinds": {"RuntimeError: shapes": 5}}]
    cov = aten_coverage(rows, drivable)
    eligible = [op for op in aten_listing.registered_aten_overloads() if aten_listing.eligible(op)]
    assert cov["eligible"] == len(eligible) > len(drivable) > 1000
    assert cov["reached"] == 1 and cov["valid_rate_reached"] == 0.75  # only add reached 5 valid: 6 of its 8
    why = {u["name"]: u["why"] for u in cov["unreached"]}
    assert why["aten::mul.Tensor"] == "rejected: RuntimeError: shapes"
    assert why["aten::sub.Tensor"] == "not a target"  # drivable, but these rows never ran it
    assert any(w.startswith("argument type") for w in why.values())  # unreachable ones keep the catalog's reason
    assert aten_coverage(rows, drivable[1:]) is None  # a run without every drivable overload says nothing
