"""``opprop list --all-aten``: every overload with its sources and, where unreachable, why."""
import torch

from opprop import aten_listing, cli

aten = torch.ops.aten


def test_unreachable_reasons():
    assert aten_listing.unreachable_reason(aten.add.Tensor) is None
    assert aten_listing.unreachable_reason(aten.matmul.default).startswith("CompositeImplicitAutograd")
    assert aten_listing.unreachable_reason(aten._mkldnn_transpose.default) == "backend-only kernel (MkldnnCPU)"
    assert "CUDA" in aten_listing.unreachable_reason(aten._cudnn_rnn.default)
    assert "Storage" in aten_listing.unreachable_reason(aten.set_.source_Storage)


def test_rows_cover_every_registered_overload():
    rows = {r["name"]: r for r in aten_listing.aten_rows(with_opinfo=False)}
    assert len(rows) == len(aten_listing.registered_aten_overloads()) > 3000
    assert rows["aten::q_per_channel_scales"]["sources"] == ["edge", "schema"]
    assert rows["aten::matmul"]["sources"] == ["none"] and not rows["aten::matmul"]["eligible"]
    assert "aten::add.out" in aten_listing.schema_targets()


def test_list_all_aten_prints_one_row_per_overload(capsys):
    assert cli.main(["list", "--all-aten"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(aten_listing.registered_aten_overloads())
    assert any(l.startswith("aten::add.Tensor ") and "opinfo" in l and "schema" in l for l in lines)
