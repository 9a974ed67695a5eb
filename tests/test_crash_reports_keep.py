"""Crash reports keep what made them (issue 38, item 5): the corpus a crash was drawn from, a heap-damage repro whose
rebuild dies with another heap signal, the public call run in a fresh interpreter, and the imported package in
headers and versions. ``public_crash_ops`` stands in for torchvision; torchvision itself is never needed here."""
from pathlib import Path

import torch

import opprop
from opprop.core.imports import definitions_for, import_modules
from opprop.core.specs import CallSpec, TensorSpec
from opprop.explore.replay import replay_call
from opprop.explore.session import Exploration
from opprop.explore.target import resolve
from opprop.fuzz.pool import lost_finding
from opprop.inputs import corpus
from opprop.reduce import crash_outcome, crash_rebuild
from opprop.reduce.crash_outcome import Outcome
from opprop.reports import crash_groups, issue_report

import_modules(["corpus_ops", "public_crash_ops"])  # the fresh interpreters find them too
import corpus_ops  # noqa: E402,F401
import public_crash_ops  # noqa: E402


def _crash_finding(op, signal_name, inputs):
    return {"aten_op": op, "called_op": op, "invariant": "crash", "output_index": None,
            "detail": {"example": 1, "phase": "example", "signal": signal_name}, "inputs": inputs, "replay": None}


def _described(shape):
    return {"tensor": True, "dtype": "float32", "shape": list(shape), "device": "cpu", "layout": "strided",
            "stride": list(torch.empty(shape).stride()), "storage_offset": 0}


def test_a_lost_workers_crash_keeps_the_corpus_its_call_was_drawn_around(tmp_path, monkeypatch):
    """What a worker announces before each call is what a crash on it replays: the corpus too, so the call draws again."""
    with opprop.checking(record=tmp_path / "corpus"):
        torch.ops.opprop_corpus.box_gather(torch.tensor([[0.0, 0, 2, 2], [1, 1, 3, 3]]), torch.tensor([1, 0]))
    monkeypatch.setenv(corpus.ENV, "")
    directory = corpus.use(tmp_path / "corpus")
    announced = []
    session = Exploration(resolve("opprop_corpus::box_gather"), seed=0, on_example=lambda d, c, v: announced.append((d, c)))
    session.run(samples=0, examples=5)
    description, choices = announced[-1]
    cur = {"example": 5, "phase": "example", "call": description, "choices": choices.hex()}
    finding, replay = lost_finding("opprop_corpus::box_gather", "opprop_corpus::box_gather", cur, "crash", -11, 30.0)
    assert replay["corpus"] == directory and replay["choices"] == choices.hex()
    monkeypatch.setenv(corpus.ENV, "")  # report --issue runs without --corpus: the replay brings it back
    assert repr(replay_call(replay)) == description["repr"]


def test_heap_damage_a_fork_hides_is_rebuilt_in_a_fresh_interpreter_with_its_import_and_written(tmp_path):
    """The fuzz worker saw SIGABRT; a fork returns; a fresh interpreter (importing the op's module) dies with SIGSEGV:
    the same heap damage, so the rebuild matches it and the repro is written and dies so again."""
    definitions = definitions_for(["public_crash_ops"])
    finding = _crash_finding("opprop_public::scatter_past", "SIGABRT", {"x": _described((3, 4))})
    assert crash_outcome.matches(Outcome("signal", "SIGSEGV"), Outcome("signal", "SIGABRT"), heap=True)
    assert not crash_outcome.matches(Outcome("signal", "SIGFPE"), Outcome("signal", "SIGABRT"), heap=True)
    [g] = crash_groups.group([finding], tmp_path, definitions=definitions, log=lambda m: None, frames=False)
    assert g.path, g.note
    assert g.outcome.what == "SIGSEGV" and g.spec.tensors()[0].numel > 0
    assert crash_outcome.fresh_outcome(g.path) == "dies with SIGSEGV"
    text = Path(g.path).read_text()
    assert "import public_crash_ops" in text and "public_crash_ops 3.1.4" in text.splitlines()[1]
    assert "nothing but torch" not in text


def test_the_public_call_is_run_in_a_fresh_interpreter_and_shown(tmp_path):
    """The public wrapper takes (input, boxes, output_size): bound by parameter, it dies the same way, run alone."""
    definitions = definitions_for(["public_crash_ops"])
    finding = _crash_finding("opprop_public::pool", "SIGSEGV",
                             {"input": _described((0, 1, 4, 4)), "rois": _described((1, 5)), "spatial_scale": 1.0,
                              "pooled_height": 1, "pooled_width": 1})
    [g] = crash_groups.group([finding], tmp_path, definitions=definitions, log=lambda m: None, frames=False)
    assert g.path, g.note
    assert g.public.startswith("`public_crash_ops.roi_pool(input, rois, ") and g.public_run == "dies with SIGSEGV"
    report = issue_report.render(g)
    assert f"{g.public}, run in a fresh interpreter on the inputs below, dies with SIGSEGV" in report
    versions = next(line for line in report.splitlines() if line.startswith("torch "))
    assert "public_crash_ops 3.1.4" in versions
    assert "import public_crash_ops" in report


def test_a_public_call_that_returns_is_shown_as_run_not_claimed():
    """A public call that does not die the same way is shown with what it did, never as a reach."""
    spec = CallSpec("opprop_public::pool", (TensorSpec("float32", (2, 1, 4, 4), "zeros"), TensorSpec("float32", (1, 5), "zeros"), 1.0, 1, 1))
    g = crash_groups.CrashGroup("opprop_public::pool", Outcome("signal", "SIGSEGV", "opprop_public::pool"), [], spec,
                                public="`public_crash_ops.roi_pool(input, rois, 1)`")
    g.public_run = crash_groups.run_public(g, definitions_for(["public_crash_ops"]))
    assert g.public_run == "returns"
    report = issue_report.render(g)
    assert "reachable from public API" not in report and "A public call: `public_crash_ops.roi_pool(input, rois, 1)`" in report
