"""``opprop list --examples N``: coverage rows are measured, not assumed."""
import json

from opprop import cli


def test_coverage_rows_for_a_handful_of_ops(capsys):
    ops = ["add", "unsafe_split", "nn.functional.embedding_bag", "jiterator_unary"]
    argv = ["list", "--json", "--examples", "20"] + [a for op in ops for a in ("--op", op)]
    assert cli.main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {r["op"]: r for r in data["ops"]}
    assert set(rows) == set(ops)
    add = rows["add"]["coverage"]
    assert add["valid"] == 20 and add["reached_target"] and add["rejected_fraction"] <= 0.2
    assert rows["add"]["generators"] == ["opinfo"]
    assert "aten::unsafe_split.Tensor undeclared_alias" in rows["unsafe_split"]["coverage"]["findings"]
    assert rows["nn.functional.embedding_bag"]["coverage"]["valid"] == 20
    assert any(g.startswith("embedding_bag") for g in rows["nn.functional.embedding_bag"]["generators"][1:])
    jit = rows["jiterator_unary"]
    assert jit["coverage"]["valid"] == 0 and not jit["coverage"]["reached_target"] and "Jiterator" in jit["coverage"]["error"]
    assert "cannot draw valid calls" in jit["generators"][0]
    assert data["summary"] == {
        "opinfos_measured": 4, "reached_target": 3, "reached_fraction": 0.75, "target_valid": 20, "over_20pct_rejected": [],
    }


def test_unknown_opinfo_is_a_usage_error(capsys):
    assert cli.main(["list", "--op", "no_such_op"]) == 2
