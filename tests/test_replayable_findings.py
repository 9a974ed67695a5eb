"""Findings carry what reproduces them: shrinking starts from that and never searches again.

``opprop_drawonly::half_leak`` breaks ``tensorimpl_use_count`` only for
float16 inputs of two or more dims: a fresh ``opprop check`` with the
default seed never draws one, a fuzz run does; ``fuzz --write-expected``
still writes its expect file, because the finding keeps its captured ATen
call and the Hypothesis choices of its draw.
"""
import json
import subprocess
import sys

import pytest
import torch

import custom_ops  # noqa: F401 (registers opprop_test::mutate_input)
import draw_only_ops  # noqa: F401 (registers opprop_drawonly::half_leak)
from tests.support.runs import env, keys, run_fuzz
from opprop.check import catalog
from opprop.cli import main as cli
from opprop.reduce import regressions
from opprop.core.calls import Call
from opprop.reduce.capture import CaptureError, search_again
from opprop.explore.replay import replay_call
from opprop.check.findings import Finding
from opprop.check.runner import run_call

OP = "opprop_drawonly::half_leak"
KEY = (OP, catalog.TENSOR_IMPL)


@pytest.fixture
def no_ledger(tmp_path, monkeypatch):
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    monkeypatch.setenv("OPPROP_LEDGER", str(empty))  # nothing is known: every finding is new
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "validity.json"))


def test_fuzz_writes_expect_files_for_what_a_default_check_does_not_find(tmp_path, no_ledger, capsys):
    # a fresh check, default seed and examples: clean
    assert cli.main(["check", OP, "--import", "draw_only_ops"]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith("0 finding(s)"), out
    # ... and so is the search that shrinking used to redo (now only a fallback for old reports)
    with pytest.raises(CaptureError, match="no call of"):
        search_again(OP, OP, catalog.TENSOR_IMPL)

    out_dir = tmp_path / "expected"
    _, rep = run_fuzz(tmp_path, "--import", "draw_only_ops", "--ops", OP, "--jobs", "1", "--budget", "40",
                      "--database", str(tmp_path / "db"), "--write-expected", str(out_dir))
    assert KEY in keys(rep)
    repro = out_dir / "opprop_drawonly.half_leak--tensorimpl_use_count.py"
    text = repro.read_text()
    assert "torch.float16" in text and 'Library("opprop_drawonly", "DEF")' in text
    run = subprocess.run([sys.executable, str(repro)], capture_output=True, text=True, cwd=tmp_path, timeout=120, env={**env(), "PYTHONPATH": ""})
    assert "tensorimpl_use_count: reproduces" in run.stdout, run.stdout + run.stderr

    # the finding carries its ATen call and the choices of its draw: each alone rebuilds a failing call
    raw = next(f for f in rep["findings"] if (f["aten_op"], f["invariant"]) == KEY)
    finding = Finding.from_json(raw)
    assert finding.call.op == OP and finding.call.args[0].dtype == "float16"
    assert finding.replay["database_key"] == f"opprop-fuzz:{OP}" and finding.replay["choices"]
    call = replay_call(finding.replay)
    (x,) = call.args
    assert x.dtype == torch.float16 and x.dim() >= 2
    assert KEY in {f.key for f in run_call(call).findings}
    without_call = Finding.from_json({**raw, "call": None})
    spec, origin = regressions.starting_call(without_call)
    assert origin == "its replayed draw" and spec.op == OP


def test_a_mutated_input_is_captured_as_it_was_before_the_call():
    x = torch.arange(6.0).reshape(2, 3)
    call_findings = run_call(Call("opprop_test::mutate_input", torch.ops.opprop_test.mutate_input.default, (x,))).findings
    (f,) = [f for f in call_findings if f.invariant == catalog.UNDECLARED_MUTATION]
    (captured,) = f.call.tensors()
    assert captured.fill == "arange" and captured.shape == (2, 3)  # before the write: 0..5, not 1..6
    assert not torch.equal(x, torch.arange(6.0).reshape(2, 3))  # the op did write it


def test_report_findings_keep_call_and_replay_through_json(tmp_path, capsys):
    report = tmp_path / "r.json"
    assert cli.main(["check", "aten::q_per_channel_scales", "--examples", "5", "--json", str(report)]) == 0
    f = next(f for f in json.loads(report.read_text())["findings"] if f["aten_op"] == "aten::q_per_channel_scales")
    back = Finding.from_json(f)
    assert back.call.op == "aten::q_per_channel_scales" and back.call.tensors()[0].quant[0] == "per_channel"
    assert back.replay["target"] == "aten::q_per_channel_scales"
    assert back.as_json() == f


def test_an_old_report_falls_back_to_a_labelled_search():
    old = Finding(aten_op="aten::q_per_channel_scales", called_op="aten::q_per_channel_scales", invariant=catalog.TENSOR_IMPL,
                  output_index=0, detail={}, inputs={})
    spec, origin = regressions.starting_call(old)
    assert origin.startswith("a new search (fallback") and spec.op == "aten::q_per_channel_scales"
    call = search_again("aten::q_per_channel_scales", "aten::q_per_channel_scales", catalog.TENSOR_IMPL)
    assert ("aten::q_per_channel_scales", catalog.TENSOR_IMPL) in {f.key for f in run_call(call).findings}


def test_a_search_that_crashes_is_a_skipped_file_not_the_end_of_the_command(tmp_path):
    """An old report's finding is searched for again; the search draws inputs no finding vouched for, and a draw
    that kills its process (``opprop_zero::aborts`` aborts on every call) ends the child it runs in, not the writer."""
    import zero_size_crash_ops  # noqa: F401 (registers opprop_zero::aborts)

    old = Finding(aten_op="opprop_zero::aborts", called_op="opprop_zero::aborts", invariant=catalog.TENSOR_IMPL,
                  output_index=0, detail={}, inputs={})
    with pytest.raises(CaptureError, match="breaks it again died with SIGABRT"):
        search_again(old.called_op, old.aten_op, old.invariant, examples=2)
    logged = []
    assert regressions.write_expected([old], tmp_path, examples=2, log=logged.append) == []
    assert logged == ["skipped opprop_zero::aborts / tensorimpl_use_count: the search for a call of opprop_zero::aborts "
                      "that breaks it again died with SIGABRT"]
