"""Edge modes and argument relations by rule (issue 25, rules 2 and 3): each kind of input a default check and a
short fuzz run meet, on torch.library ops built to misbehave only on it (``input_mode_ops``); controls stay silent."""
import json

import pytest
import torch

from opprop.cli import main as cli
from opprop.check import runner
from opprop.explore.replay import replay_call
from opprop.explore.session import Exploration
from opprop.explore.target import resolve
from opprop.generators.schedule import MAX_ROWS, Schedule, tensor_params

from tests.support.runs import keys, run_fuzz

import input_mode_ops  # noqa: F401  (registers opprop_modes::*)

BUGS = [  # (op, a line the check prints): each needs its one kind of input
    ("same_twice_bug", "returns_input: opprop_modes::same_twice_bug output 0 (is_input=x)"),
    ("track_min_bug", "undeclared_mutation: opprop_modes::track_min_bug (argument=running, changed=data)"),
    ("noncontig_bug", "undeclared_alias: opprop_modes::noncontig_bug output 0 (overlaps=x)"),
    ("mask_bug", "returns_input: opprop_modes::mask_bug output 0 (is_input=x) via opprop_modes::mask_bug(x=float32[1, 1], output_mask=[false, true])"),
    ("take_rows_bug", "undeclared_alias: opprop_modes::take_rows_bug output 0 (overlaps=x)"),
    ("scale_out_bug", "storage_replaced: opprop_modes::scale_out_bug"),
]
CONTROLS = ["same_twice_ok", "track_min_ok", "noncontig_ok", "mask_ok", "take_rows_ok", "scale_out_ok"]


@pytest.mark.parametrize("op, expected", BUGS)
def test_a_default_check_of_20_examples_finds_the_kind_of_input(op, expected, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    assert cli.main(["check", f"opprop_modes::{op}", "--import", "input_mode_ops", "--examples", "20"]) == 0
    out = capsys.readouterr().out
    assert expected in out, out


@pytest.mark.parametrize("op", CONTROLS)
def test_controls_with_correct_schemas_stay_silent(op, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    assert cli.main(["check", f"opprop_modes::{op}", "--import", "input_mode_ops", "--examples", "20"]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith("0 finding(s)") and "tested" in out, out


def test_the_first_20_examples_cover_every_mode_of_every_parameter(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    report = tmp_path / "r.json"
    assert cli.main(["check", "opprop_modes::accepts_all", "--import", "input_mode_ops", "--examples", "20", "--json", str(report)]) == 0
    ran = json.loads(report.read_text())["modes"]
    schedule = Schedule(torch.ops.opprop_modes.accepts_all.default)
    assert len(schedule.rows) <= MAX_ROWS
    wanted = {f"{name}={option}" for name, options in schedule.free_columns for option in options}
    wanted |= {f"{name}={option}" for name, options in schedule.columns if name.endswith(".default") for option in options}
    assert {"x.mode=zero_dim", "y.relation=same", "y.relation=partial", "out.relation=view", "index.bound=past",
            "output_mask.mask=(False, True)", "w.default=True", "w.default=False", "w.mode=sliced"} <= wanted
    missing = sorted(m for m in wanted if ran.get(m, [0, 0])[1] == 0)
    assert not missing, f"not run validly in the first 20 examples: {missing}"
    assert "edge modes: " in capsys.readouterr().out


@pytest.mark.parametrize("name", ["aten::native_batch_norm", "aten::embedding_bag.padding_idx", "aten::add.out", "aten::index_put_"])
def test_a_schedule_covers_every_mode_of_a_real_op_within_20_rows(name):
    from opprop.check import catalog

    op = catalog.overload_from_name(name)
    schedule = Schedule(op)
    assert 1 < len(schedule.rows) <= MAX_ROWS
    for column, options in schedule.columns:
        for option in options:
            if column == "tensors.mode":
                assert all(any(row[f"{a.name}.mode"] == option for row in schedule.rows) for a in tensor_params(op)), option
            else:
                assert any(row.get(column) == option for row in schedule.rows), (column, option)


def test_a_finding_in_a_schedule_row_replays_from_its_choices(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    session = Exploration(resolve("opprop_modes::mask_bug"), seed=0)
    session.draw(20)
    found = [f for f in session.unique_findings() if f.invariant == "returns_input"]
    assert found and found[0].replay["strategy"] == "scheduled"
    call = replay_call(found[0].replay)
    assert call.args[1] == [False, True]
    assert "returns_input" in {f.invariant for f in runner.run_call(call).findings}


def _math_bits_fallback(finding) -> bool:
    return finding["invariant"] == "internal_assert" and "cloned_mutable_input.is_same(returned_output)" in finding["detail"]["error"]


def test_torchs_math_bits_fallback_asserts_on_a_written_argument_an_op_does_not_return():
    # why the control above may show it: torch's Negative fallback assumes the first return is the written argument
    x = torch._neg_view(torch.ones(()))
    running = torch._neg_view(torch.zeros(()))
    with pytest.raises(RuntimeError, match=r"cloned_mutable_input.is_same\(returned_output\) INTERNAL ASSERT FAILED"):
        torch.ops.opprop_modes.track_min_ok(x, running)


def test_a_short_fuzz_run_finds_every_kind_and_tabulates_the_modes(tmp_path, monkeypatch):
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    monkeypatch.setenv("OPPROP_LEDGER", str(empty))
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    summary = tmp_path / "s.md"
    _, rep = run_fuzz(tmp_path, "--import", "input_mode_ops", "--ops", "opprop_modes::*", "--jobs", "1", "--budget", "60", "--per-op-examples", "1000",
                      "--database", str(tmp_path / "db"), "--summary", str(summary))
    found = keys(rep)
    for op, expected in BUGS:
        assert (f"opprop_modes::{op}", expected.split(":")[0]) in found, (op, sorted(found))
    # a control breaks nothing it promises; the crossing calls (generators/crossing.py) may still reach torch's own
    # MathBitsFallback assert through track_min_ok, an op with a written argument it does not return, when that
    # argument has the negative bit: torch's bug on any such op, checked apart below, not the control's
    controls = [f for f in rep["findings"] if f["aten_op"].endswith(("_ok", "accepts_all"))]
    assert [(f["aten_op"], f["invariant"]) for f in controls if not _math_bits_fallback(f)] == [], sorted(found)
    text = summary.read_text()
    assert "## Edge modes per op" in text
    row = next(line for line in text.splitlines() if line.startswith("| `opprop_modes::mask_bug`"))
    assert "output_mask.mask=(False, True)" in row
