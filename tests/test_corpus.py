"""A corpus of real calls: recorded under pytest or checking(record=), then the start of check and fuzz (--corpus)."""
import json
import os
import subprocess
import sys

import pytest
import torch

import corpus_ops  # noqa: F401  (registers opprop_corpus::box_gather)
import opprop
from opprop.cli import main as cli
from opprop.inputs import corpus

from tests.support.runs import env, run_fuzz

pytest_plugins = ["pytester"]

USER_TEST = """
import torch
import corpus_ops  # noqa: F401

def test_gather_some_boxes():
    boxes = torch.tensor([[0.0, 0.0, 2.0, 3.0], [1.0, 1.0, 4.0, 2.0], [0.5, 0.0, 0.5, 1.0]])
    idx = torch.tensor([2, 0, 1])
    assert torch.ops.opprop_corpus.box_gather(boxes, idx).shape == (3, 4)
    assert torch.ops.opprop_corpus.box_gather_fixed(boxes, idx).shape == (3, 4)
"""


def _pytest(cwd, *args):
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", *args],
                          cwd=cwd, env=env(), capture_output=True, text=True, timeout=240)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """A plain test file, run once under ``pytest --opprop-record``: its corpus directory."""
    root = tmp_path_factory.mktemp("user")
    (root / "test_user.py").write_text(USER_TEST)
    proc = _pytest(root, "--opprop-record", "corpus")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return root / "corpus"


@pytest.fixture
def isolated_env(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    monkeypatch.setenv(corpus.ENV, "")  # --corpus sets it in this process: restored after the test
    monkeypatch.chdir(tmp_path)


def test_pytest_records_the_calls_the_test_made(recorded):
    calls = corpus.read(recorded)
    [call] = calls["opprop_corpus::box_gather"]
    boxes, idx = call.build()[0]
    assert boxes.tolist()[2] == [0.5, 0.0, 0.5, 1.0] and idx.tolist() == [2, 0, 1]  # literal values: nothing rebuilds them
    assert "opprop_corpus::box_gather_fixed" in calls


def test_check_with_the_corpus_calls_validly_and_finds_the_empty_box_list(recorded, isolated_env, tmp_path, capsys):
    report = tmp_path / "with.json"
    args = ["check", "opprop_corpus::box_gather", "--import", "corpus_ops", "--examples", "30"]
    assert cli.main([*args, "--corpus", str(recorded), "--json", str(report), "--write-expected", "out"]) == 0
    out = capsys.readouterr().out
    rep = json.loads(report.read_text())
    tested = rep["tested"]
    assert tested["valid"] >= 0.5 * tested["examples"], out
    found = {f["invariant"]: f for f in rep["findings"]}
    assert "returns_input" in found, out
    assert found["returns_input"]["inputs"]["boxes"]["shape"] == [0, 4]  # the mutated neighbour: no boxes
    assert found["returns_input"]["replay"]["corpus"] == str(recorded)
    # its expect file replays
    expect = tmp_path / "out" / "opprop_corpus.box_gather--returns_input.py"
    assert expect.exists()
    proc = subprocess.run([sys.executable, "-m", "opprop", "replay", str(expect)], env=env(), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "still failing" in proc.stdout, proc.stdout + proc.stderr
    # without the corpus: schema draws almost never call it validly, and find nothing
    os.environ[corpus.ENV] = ""
    report = tmp_path / "without.json"
    cli.main([*args, "--json", str(report)])
    rep = json.loads(report.read_text())
    assert rep["tested"]["valid"] <= 0.1 * rep["tested"]["examples"] and not rep["findings"]


def test_the_control_stays_silent_with_the_corpus(recorded, isolated_env, tmp_path, capsys):
    report = tmp_path / "fixed.json"
    assert cli.main(["check", "opprop_corpus::box_gather_fixed", "--import", "corpus_ops", "--examples", "30",
                     "--corpus", str(recorded), "--json", str(report)]) == 0
    rep = json.loads(report.read_text())
    assert rep["tested"]["valid"] >= 15 and not rep["findings"]


def test_fuzz_with_the_corpus(recorded, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    proc, rep = run_fuzz(tmp_path, "--import", "corpus_ops", "--ops", "opprop_corpus::*", "--jobs", "1", "--budget", "40",
                         "--per-op-examples", "300", "--database", str(tmp_path / "db"), "--corpus", str(recorded))
    row = next(o for o in rep["ops"] if o["name"] == "opprop_corpus::box_gather")
    assert row["valid"] >= 0.5 * row["examples"], row
    assert ("opprop_corpus::box_gather", "returns_input") in {(f["aten_op"], f["invariant"]) for f in rep["findings"]}, proc.stdout
    assert not any(f["aten_op"] == "opprop_corpus::box_gather_fixed" for f in rep["findings"])


def test_a_recorded_call_is_the_call_a_finding_captures(tmp_path):
    import custom_ops  # noqa: F401  (opprop_test::return_input returns its input)

    x = torch.tensor([[3.0, -1.0, 2.5], [0.5, 7.0, 1.0]]).t()  # literal values, non-contiguous
    with opprop.checking(record=tmp_path / "c", capture_calls=True) as found:
        torch.ops.opprop_test.return_input(x)
        torch.ops.opprop_test.alias_input(torch.zeros(4))  # values a fill rule rebuilds: kept as the rule
    recorded = corpus.read(tmp_path / "c")
    for op in ("opprop_test::return_input", "opprop_test::alias_input"):
        captured = next(f.call for f in found.findings if f.aten_op == op and f.call is not None)
        assert recorded[op] == [captured]
    spec = recorded["opprop_test::return_input"][0]
    assert spec.args[0].stride == (1, 3) and recorded["opprop_test::alias_input"][0].args[0].fill == "zeros"
    (rebuilt,), _ = spec.build()
    assert torch.equal(rebuilt, x) and rebuilt.stride() == x.stride()


def test_calls_are_deduplicated_by_signature_and_bounded_per_op(tmp_path):
    d = tmp_path / "c"
    with opprop.checking(record=d):
        for n in range(1, 21):
            for _ in range(3):  # the same signature again: not written again
                torch.ones(n) + torch.ones(n)
    lines = [json.loads(t) for p in d.glob("*.jsonl") for t in p.read_text().splitlines()]
    adds = [x for x in lines if x["op"] == "aten::add.Tensor"]
    assert len(adds) == corpus.MAX_PER_OP == 8
    assert [x["call"]["args"][0]["tensor"]["shape"] for x in adds] == [[n] for n in range(1, 9)]
    with opprop.checking(record=d):  # a second run: the directory is at its bound already
        torch.ones(30) + torch.ones(30)
    assert len(corpus.read(d)["aten::add.Tensor"]) == 8
    assert sum(1 for p in d.glob("*.jsonl") for t in p.read_text().splitlines() if '"aten::add.Tensor"' in t) == 8


def test_reading_merges_files_and_drops_duplicates(tmp_path):
    for _ in range(2):  # two runs (two files) made the same calls
        with opprop.checking(record=tmp_path / "c"):
            torch.ones(2) * 3
    d = tmp_path / "c"
    first = next(d.glob("*.jsonl"))
    (d / "other-worker.jsonl").write_text(first.read_text())  # a worker that wrote the same lines
    assert len(corpus.read(d)["aten::mul.Tensor"]) == 1


def test_recording_is_transparent_and_its_failure_is_an_internal_error(tmp_path, monkeypatch):
    x = torch.arange(6.0).reshape(2, 3)
    with opprop.checking(record=tmp_path / "c") as found:
        y = x.t().mul(2)
        with pytest.raises(RuntimeError, match="size"):
            torch.ones(2) + torch.ones(3)
    assert torch.equal(y, torch.arange(6.0).reshape(2, 3).t() * 2) and not found.internal_errors

    from opprop.inputs.recording import CorpusRecorder

    def broken(self, func, args, kwargs):
        raise ValueError("planted")

    monkeypatch.setattr(CorpusRecorder, "observe", broken)
    with opprop.checking(record=tmp_path / "d") as found:
        z = x + 1
    assert torch.equal(z, torch.arange(6.0).reshape(2, 3) + 1)
    assert found.internal_errors and found.internal_errors[0].stage == "record"


def test_xdist_workers_record_into_one_corpus(tmp_path):
    (tmp_path / "test_a.py").write_text("import torch\ndef test_a():\n    torch.ones(2) + torch.ones(2)\n")
    (tmp_path / "test_b.py").write_text("import torch\ndef test_b():\n    torch.ones(5) + torch.ones(5)\n")
    proc = _pytest(tmp_path, "-n", "2", "--dist", "loadfile", "--opprop-record", "c")
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert len(list((tmp_path / "c").glob("*.jsonl"))) == 2  # one file per worker
    shapes = sorted(c.args[0].shape for c in corpus.read(tmp_path / "c")["aten::add.Tensor"])
    assert shapes == [(2,), (5,)]


def test_a_bad_corpus_is_a_one_line_usage_error(isolated_env, tmp_path, capsys):
    assert cli.main(["check", "aten::add.Tensor", "--corpus", str(tmp_path / "missing")]) == 2
    assert "--corpus" in capsys.readouterr().err
