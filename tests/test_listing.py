"""``opprop list``: OpInfo rows with measured drawn coverage; ``--all-aten``: every overload with its sources and,
where unreachable, why; and the ATen coverage figure a fuzz run reports over that universe."""
import json

import torch

from opprop.cli import main as cli
from opprop.listing import reachable
from opprop.fuzz.aten_coverage import aten_coverage

aten = torch.ops.aten


def test_unreachable_reasons():
    assert reachable.why_unreachable(aten.add.Tensor) is None
    assert reachable.why_unreachable(aten.matmul.default).startswith("CompositeImplicitAutograd")
    assert reachable.why_unreachable(aten._mkldnn_transpose.default) == "backend-only kernel (MkldnnCPU)"
    assert "CUDA" in reachable.why_unreachable(aten._cudnn_rnn.default)
    assert "Storage" in reachable.why_unreachable(aten.set_.source_Storage)


def test_rows_cover_every_registered_overload():
    rows = {r["name"]: r for r in reachable.aten_rows(with_opinfo=False)}
    assert len(rows) == len(reachable.registered_aten_overloads()) > 3000
    assert rows["aten::q_per_channel_scales"]["sources"] == ["edge", "schema"]
    assert rows["aten::matmul"]["sources"] == ["none"] and not rows["aten::matmul"]["eligible"]
    assert "aten::add.out" in reachable.schema_targets()


def test_list_all_aten_prints_one_row_per_overload(capsys):
    assert cli.main(["list", "--all-aten"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(reachable.registered_aten_overloads())
    assert any(l.startswith("aten::add.Tensor ") and "opinfo" in l and "schema" in l for l in lines)



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


def test_fuzz_report_counts_aten_coverage_over_every_eligible_overload():
    drivable = reachable.schema_targets()
    rows = [{"name": "aten::add.Tensor", "status": "ran", "examples": 8, "valid": 6},
            {"name": "aten::mul.Tensor", "status": "budget", "examples": 9, "valid": 4, "error_kinds": {"RuntimeError: shapes": 5}}]
    cov = aten_coverage(rows, drivable)
    eligible = [op for op in reachable.registered_aten_overloads() if reachable.eligible(op)]
    assert cov["eligible"] == len(eligible) > len(drivable) > 1000
    assert cov["reached"] == 1 and cov["valid_rate_reached"] == 0.75  # only add reached 5 valid: 6 of its 8
    why = {u["name"]: u["why"] for u in cov["unreached"]}
    assert why["aten::mul.Tensor"] == "rejected: RuntimeError: shapes"
    assert why["aten::sub.Tensor"] == "not a target"  # drivable, but these rows never ran it
    assert any(w.startswith("argument type") for w in why.values())  # unreachable ones keep the catalog's reason
    assert aten_coverage(rows, drivable[1:]) is None  # a run without every drivable overload says nothing


def test_a_draw_that_segfaults_is_that_rows_error_not_the_end_of_the_listing():
    """``opprop list --examples`` measures each target in a forked child: a kernel's segfault is its row's error."""
    import crashy_ops  # noqa: F401  (registers opprop_crashy::segv and its edge generator)
    from opprop.explore.target import resolve

    crashed = reachable.drawn_coverage(resolve("opprop_crashy::segv"), "cpu", 50)
    assert crashed["error"].startswith("crashed (signal 11)") and not crashed["reached_target"]
    assert reachable.drawn_coverage(resolve("add"), "cpu", 5)["reached_target"]  # this process lives on
