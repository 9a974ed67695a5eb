"""Crash findings become minimal standalone repros that die the same way, grouped, public first, replayed, reported."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from opprop.cli import main as cli
from opprop.reports import crash_groups, issue_report
from opprop.reduce import crash_expectfile, crash_outcome, crash_rebuild, crash_runner, crash_script, crash_shrink, native_frame, expectfile
from opprop.core import ledger, process_group, specs
from opprop.fuzz.messages import JOURNAL, parse
from opprop.reduce.crash_outcome import Outcome
from opprop.reports import fuzz_summary as summary
from opprop.core.specs import CallSpec, TensorSpec

import zero_size_crash_ops  # noqa: F401  (registers opprop_zero::*)
from tests.support.runs import OPS

ROOT = Path(__file__).resolve().parents[1]
CRASHES = ROOT / "expected" / "crashes"
FILES = sorted(CRASHES.glob("*.py"))

# The five crashes the issue reproduced by hand, each a checked-in repro.
BY_HAND = {
    "aten.range.out--crash-sigfpe.py": "dies with SIGFPE",
    "aten.smooth_l1_loss_backward--crash-sigfpe.py": "dies with SIGFPE",
    "aten._chunk_cat--crash-sigsegv.py": "dies with SIGSEGV",
    "aten.native_batch_norm_backward--crash-sigsegv.py": "dies with SIGSEGV",
}


def _env(**extra):
    env = dict(os.environ, OMP_NUM_THREADS="1", **extra)
    env["PYTHONPATH"] = os.pathsep.join([OPS, *filter(None, [os.environ.get("PYTHONPATH")])])
    return env


def _opprop(*args, cwd, **env):
    return subprocess.run([sys.executable, "-m", "opprop", *args], capture_output=True, text=True, cwd=cwd, env=_env(**env), timeout=600)


def _described(shape, stride, dtype="float64"):
    return {"tensor": True, "dtype": dtype, "shape": list(shape), "device": "cpu", "layout": "strided", "stride": list(stride), "storage_offset": 0}


def _crash_finding(op, signal_name, inputs):
    return {"aten_op": op, "called_op": op, "invariant": "crash", "output_index": None,
            "detail": {"example": 1, "phase": "example", "signal": signal_name}, "inputs": inputs, "replay": None}


# ---------------------------------------------------------------- shrinking in forked children


def test_a_larger_zero_size_input_shrinks_to_the_smallest_zero_size_one():
    finding = _crash_finding("opprop_zero::scale", "SIGSEGV", {"x": _described((3, 0, 5), (1, 15, 3))})
    rebuilt = crash_rebuild.rebuild(finding)
    assert rebuilt.outcome == Outcome("signal", "SIGSEGV", "opprop_zero::scale")
    shrunk = crash_shrink.shrink_crash(rebuilt.spec, rebuilt.outcome).spec
    (x,) = shrunk.tensors()
    assert (x.shape, x.dtype, x.stride) == ((0,), "float32", None)
    assert crash_runner.run_spec(shrunk).same(rebuilt.outcome)
    nonempty = CallSpec(shrunk.op, (TensorSpec("float32", (1,), "zeros"),))
    assert crash_runner.run_spec(nonempty) == Outcome("returned")


def test_a_candidate_that_dies_another_way_is_not_kept():
    one = CallSpec("opprop_zero::two_ways", (TensorSpec("float64", (1, 1), "arange"),))
    sigfpe = crash_runner.run_spec(one)
    assert sigfpe == Outcome("signal", "SIGFPE", "opprop_zero::two_ways")
    none = CallSpec("opprop_zero::two_ways", (TensorSpec("float64", (0, 1), "arange"),))
    assert crash_runner.run_spec(none) == Outcome("signal", "SIGSEGV", "opprop_zero::two_ways")  # a step the shrinker is offered
    shrunk = crash_shrink.shrink_crash(one, sigfpe).spec
    (x,) = shrunk.tensors()
    assert x.numel == 1 and x.dtype == "float32" and len(x.shape) <= 1


def test_a_crash_in_another_op_is_not_the_same_crash():
    range_out = CallSpec("aten::range.out", (1, 1, 0.5), {"out": TensorSpec("int64", (0,), "zeros")})
    outcome = crash_runner.run_spec(range_out)
    assert outcome == Outcome("signal", "SIGFPE", "aten::range.out")
    assert not outcome.same(Outcome("signal", "SIGFPE", "aten::arange.start_out"))


@pytest.mark.nightly  # slow end to end; its parts are tested in CI (pytest -m nightly runs it)
def test_heap_damage_a_fork_hides_is_rebuilt_grown_and_shrunk_in_fresh_interpreters(tmp_path):
    """``_logcumsumexp.out`` with a float32 ``out`` writes float64 results: twice the bytes it resized ``out`` to.

    At the size the fuzz run recorded (3 x 3) the overflow lands in malloc's
    slack and a fresh interpreter returns; twice as large it damages the next
    chunk and glibc aborts. The rebuild grows it, shrinking keeps only
    candidates that abort in a fresh interpreter, and the repro aborts there.
    """
    finding = _crash_finding("aten::_logcumsumexp.out", "SIGABRT",
                             {"self": _described((3, 3), (3, 1)), "dim": 0, "out": _described((0,), (1,), "float32")})
    rebuilt = crash_rebuild.rebuild(finding)
    assert rebuilt.fresh and "fresh interpreter" in rebuilt.via
    assert rebuilt.outcome == Outcome("signal", "SIGABRT", "aten::_logcumsumexp.out")
    shrunk = crash_shrink.shrink_crash(rebuilt.spec, rebuilt.outcome, fresh=True, max_tries=25).spec
    assert crash_runner.run_spec(shrunk, fresh=True).same(rebuilt.outcome)
    same_dtype = CallSpec(shrunk.op, shrunk.args, {"out": TensorSpec("float64", (0,), "zeros")})
    assert crash_runner.run_spec(same_dtype, fresh=True) == Outcome("returned")  # the dtype mismatch is the bug
    path = crash_expectfile.write(tmp_path, shrunk, rebuilt.outcome, example=finding, fresh=True)  # its header allocates too
    assert {crash_outcome.fresh_outcome(path, env=env) for env in crash_runner.HEAP_ENVS} == {"dies with SIGABRT"}
    group = crash_groups.CrashGroup(shrunk.op, rebuilt.outcome, [finding], shrunk, str(path), repeat=crash_runner.REPEATS)
    assert f"for i in range({crash_runner.REPEATS}):" in issue_report.render(group)  # the report shows the file's loop


def test_a_write_past_a_buffer_is_rebuilt_with_guarded_buffers_and_faults_the_same_way_everywhere(tmp_path):
    """``dense.sub_(sparse)`` with a ``self`` at storage offset 1 applies the offset twice (torch 2.13 CPU): the last value
    is written one element past the buffer.

    Alone, the write lands in malloc's slack and the call returns; a fuzz
    worker saw SIGABRT when the damage met a later free. With the buffers
    ending at an inaccessible page the write faults in the kernel, in a
    forked child and in every environment a fresh interpreter is run in.
    """
    other = specs.tensor_spec(torch.ones(3).to_sparse())
    spec = CallSpec("aten::sub_.Tensor", (TensorSpec("float32", (3,), "arange", stride=(1,), offset=1), other))
    assert crash_runner.run_spec(spec) == Outcome("returned")
    rebuilt = crash_rebuild.heap_rebuild(spec, Outcome("signal", "SIGABRT", "aten::sub_.Tensor"))
    assert rebuilt.outcome == Outcome("signal", "SIGSEGV", "aten::sub_.Tensor") and not rebuilt.fresh
    shrunk = crash_shrink.shrink_crash(rebuilt.spec, rebuilt.outcome).spec
    self_spec = shrunk.args[0]
    assert self_spec.guarded and self_spec.offset == 1  # the guard and the offset are the bug; the sparse parts' guards went
    assert [t for t in shrunk.tensors() if t.guarded] == [self_spec] and shrunk.guarded
    assert crash_runner.run_spec(CallSpec(shrunk.op, (self_spec.replace(offset=0),) + shrunk.args[1:])) == Outcome("returned")
    path = crash_expectfile.write(tmp_path, shrunk, rebuilt.outcome, example={}, runs=3)
    assert {crash_outcome.fresh_outcome(path, env=env) for env in crash_runner.HEAP_ENVS} == {"dies with SIGSEGV"}
    finding = _crash_finding("aten::sub_.Tensor", "SIGABRT", {})
    report = issue_report.render(crash_groups.CrashGroup(shrunk.op, rebuilt.outcome, [finding], shrunk, str(path)))
    assert "writes past the end of an input's buffer" in report and "the fuzz run saw SIGABRT" in report and "def guarded(" in report


ZERO_DEFINITIONS = {"opprop_zero": zero_size_crash_ops.__file__}  # what a fresh interpreter inlines to register opprop_zero::*


def test_a_call_that_raises_first_and_dies_on_the_next_is_rebuilt_as_a_loop_that_lets_earlier_calls_raise(tmp_path):
    """c10d's ``send`` to a rank past a one-process group times out the first time and segfaults the next
    (``opprop_zero::second_call`` does the same in one precise way): a repro whose loop stopped at the first call's
    error would never reach the crash, so the loop lets every call but the last raise."""
    spec = CallSpec("opprop_zero::second_call", (TensorSpec("float32", (1,), "zeros"),))
    assert crash_runner.run_spec(spec).kind == "error"  # one call, in a fork: the first call's error
    wanted = Outcome("signal", "SIGSEGV", "opprop_zero::second_call")
    rebuilt = crash_rebuild.fresh_rebuild(spec, wanted, ZERO_DEFINITIONS)
    assert rebuilt is not None and rebuilt.repeat == crash_runner.REPEATS and rebuilt.outcome.same(wanted)
    definition, source = crash_script.definition_of(ZERO_DEFINITIONS, spec.op)
    path = crash_expectfile.write(tmp_path, rebuilt.spec, rebuilt.outcome, example={}, repeat=rebuilt.repeat, fresh=True,
                                  definition=definition, definition_from=source)
    assert "    except Exception:" in path.read_text()
    assert {crash_outcome.fresh_outcome(path, env=env) for env in crash_runner.HEAP_ENVS} == {"dies with SIGSEGV"}


def test_heap_damage_that_dies_another_heap_way_everywhere_is_written_as_dying_that_way(tmp_path):
    """The fuzz worker saw SIGSEGV; alone, in every environment, the shrunk call aborts (where heap damage lands
    decides which): the file is named and written for SIGABRT, which is what it does. A call that returns is refused."""
    definition, source = crash_script.definition_of(ZERO_DEFINITIONS, "opprop_zero::aborts")
    aborts = CallSpec("opprop_zero::aborts", (TensorSpec("float32", (1,), "zeros"),))
    path = crash_expectfile.write(tmp_path, aborts, Outcome("signal", "SIGSEGV", aborts.op), example={}, fresh=True,
                                  definition=definition, definition_from=source)
    assert path.name == "opprop_zero.aborts--crash-sigabrt.py" and not (tmp_path / "opprop_zero.aborts--crash-sigsegv.py").exists()
    assert expectfile.load(path).meta["outcome"] == Outcome("signal", "SIGABRT", aborts.op).as_json()
    assert expectfile.replay(path).status == "same"
    returns = CallSpec("opprop_zero::scale", (TensorSpec("float32", (1,), "zeros"),))
    with pytest.raises(expectfile.ExpectFileError, match="run alone it returns"):
        crash_expectfile.write(tmp_path, returns, Outcome("signal", "SIGSEGV", returns.op), example={}, fresh=True,
                               definition=definition, definition_from=source)
    with pytest.raises(expectfile.ExpectFileError, match="dies with SIGABRT, not dies with SIGSEGV"):  # not heap damage: no switch
        crash_expectfile.write(tmp_path, aborts, Outcome("signal", "SIGSEGV", aborts.op), example={}, definition=definition,
                               definition_from=source)


def test_a_finding_not_rebuilt_joins_its_ops_heap_damage_group_whatever_signal_it_died_with():
    """Heap damage in one op killed one worker with SIGABRT and another with SIGSEGV; the SIGSEGV one was rebuilt
    (guarded or in fresh interpreters), the SIGABRT one could not be: it is the same bug, so it joins that group."""
    spec = CallSpec("opprop_zero::scale", (TensorSpec("float32", (0,), "zeros"),))
    heap = crash_groups.CrashGroup("opprop_zero::scale", Outcome("signal", "SIGSEGV", "opprop_zero::scale"), [], spec, "f.py", heap=True)
    assert crash_groups.joins(heap, "opprop_zero::scale", "signal", "SIGABRT")
    plain = crash_groups.CrashGroup("opprop_zero::scale", Outcome("signal", "SIGSEGV", "opprop_zero::scale"), [], spec, "f.py")
    assert not crash_groups.joins(plain, "opprop_zero::scale", "signal", "SIGABRT")  # a plain segfault is not heap damage
    assert not crash_groups.joins(heap, "opprop_zero::scale", "signal", "SIGFPE")
    assert crash_groups.CrashGroup.from_json(heap.as_json()).heap


def test_a_group_no_raw_finding_rebuilt_gets_the_ledgers_checked_in_repro_replayed_now(tmp_path, monkeypatch):
    """``_fft_c2r.out``'s heap damage killed a sweep's worker after an earlier call; its own call only asserts, so no
    route rebuilds it. The ledger knows the crash with a checked-in repro: replayed now, it still aborts, so the group
    and its issue report get that file's own code. A ledgered repro that no longer dies that way is not used."""
    op = "aten::_fft_c2r.out"
    group = crash_groups.CrashGroup(op, Outcome("signal", "SIGABRT", op), [_crash_finding(op, "SIGABRT", {})],
                                    note="no repro: the redrawn call fails an internal assert")
    crash_groups.ledgered_repro(group, {}, log=lambda m: None)
    assert Path(group.path) == (CRASHES / "aten._fft_c2r.out--crash-sigabrt.py").resolve() or group.path.endswith("aten._fft_c2r.out--crash-sigabrt.py")
    assert group.spec is not None and group.repeat == 10 and "still dies with SIGABRT" in group.note
    assert "the redrawn call fails an internal assert" in group.note
    report = issue_report.render(group)
    assert "torch.ops.aten._fft_c2r.out(self, [1], 1, 2, out=out_)" in report and "opprop's checked-in repro" in report  # the file's code
    definition, source = crash_script.definition_of(ZERO_DEFINITIONS, "opprop_zero::scale")
    empty = CallSpec("opprop_zero::scale", (TensorSpec("float32", (0,), "zeros"),))
    path = crash_expectfile.write(tmp_path, empty, Outcome("signal", "SIGSEGV", empty.op), example={},
                                  definition=definition, definition_from=source)
    (tmp_path / "ledger.toml").write_text(f'[[known]]\naten_op = "opprop_zero::scale"\ninvariant = "crash"\n'
                                          f'reason = "invalid input: test"\nexpect = "{path}"\nvisible = "direct_call"\n')
    monkeypatch.setenv("OPPROP_LEDGER", str(tmp_path / "ledger.toml"))
    monkeypatch.setenv("OPPROP_ZERO_SIZE_FIXED", "1")  # the file's inlined op now returns on an empty input
    fixed = crash_groups.CrashGroup(empty.op, Outcome("signal", "SIGSEGV", empty.op), [], note="no repro: x")
    crash_groups.ledgered_repro(fixed, {}, log=lambda m: None)
    assert not fixed.path and fixed.spec is None and "returns now, not dies with SIGSEGV" in fixed.note


def test_an_ops_heap_damage_seen_only_in_fresh_interpreters_joins_its_guarded_group():
    """torchvision's ``_roi_align_backward``: one finding rebuilt guarded (SIGSEGV at the write, every run), another only
    in fresh interpreters (SIGABRT at a later free, some runs): one op's heap damage, so one group, the guarded repro.
    A fresh-only group of an op with no guarded one, and a plain fork-rebuilt group, stay apart."""
    op = "aten::sub_.Tensor"
    plain = CallSpec(op, (TensorSpec("float32", (3,), "arange", stride=(1,), offset=1), specs.tensor_spec(torch.ones(3).to_sparse())))
    guarded = crash_rebuild.Rebuilt(crash_rebuild.guarded_spec(plain), Outcome("signal", "SIGSEGV", op), "guarded")
    fresh = crash_rebuild.Rebuilt(plain, Outcome("signal", "SIGABRT", op), "fresh", fresh=True, repeat=10)
    forked = crash_rebuild.Rebuilt(plain, Outcome("signal", "SIGFPE", op), "replayed choices")
    other = crash_rebuild.Rebuilt(CallSpec("aten::neg", (TensorSpec("float32", (1,), "zeros"),)), Outcome("signal", "SIGABRT", "aten::neg"),
                                  "fresh", fresh=True)
    a, b, c, d = ({"n": i} for i in range(4))
    rebuilt = {(op, "signal", "SIGSEGV", "k"): [(a, guarded)], (op, "signal", "SIGABRT", "unlink_chunk"): [(b, fresh)],
               (op, "signal", "SIGFPE", ""): [(c, forked)], ("aten::neg", "signal", "SIGABRT", ""): [(d, other)]}
    joined = crash_groups.heap_damage_joined(rebuilt, log=lambda m: None)
    assert joined == {(op, "signal", "SIGSEGV", "k"): [b]}
    assert set(rebuilt) == {(op, "signal", "SIGSEGV", "k"), (op, "signal", "SIGFPE", ""), ("aten::neg", "signal", "SIGABRT", "")}


def test_an_ops_guarded_groups_are_finished_first():
    """The guarded group of an op is finished before its other groups, even one with more members or an earlier
    signal name: its repro faults at the write every run, so a group whose file returns alone can join it. Ops stay
    in name order, and an op's unguarded groups by outcome, larger first."""
    op = "aten::sub_.Tensor"
    plain = CallSpec(op, (TensorSpec("float32", (3,), "arange"),))
    guarded = crash_rebuild.Rebuilt(crash_rebuild.guarded_spec(plain), Outcome("signal", "SIGSEGV", op), "guarded")
    forked = crash_rebuild.Rebuilt(plain, Outcome("signal", "SIGABRT", op), "replayed choices")
    other = crash_rebuild.Rebuilt(CallSpec("aten::neg", (TensorSpec("float32", (1,), "zeros"),)), Outcome("signal", "SIGABRT", "aten::neg"),
                                  "replayed choices")
    rebuilt = {("aten::neg", "signal", "SIGABRT", ""): [({}, other)],
               (op, "signal", "SIGABRT", ""): [({}, forked), ({}, forked), ({}, forked)],
               (op, "signal", "SIGFPE", ""): [({}, forked)],
               (op, "signal", "SIGSEGV", "k"): [({}, guarded)]}
    order = [key for key, _ in crash_groups.finishing_order(rebuilt)]
    assert order == [("aten::neg", "signal", "SIGABRT", ""), (op, "signal", "SIGSEGV", "k"), (op, "signal", "SIGABRT", ""),
                     (op, "signal", "SIGFPE", "")]


def test_a_group_whose_repro_was_not_written_joins_its_ops_heap_damage_group():
    """torchvision's ``_roi_align_backward``: a SIGABRT call a fork rebuilt, whose file alone returns (heap damage), joins
    the op's guarded group; a group of another op with no ledgered repro stays, "no repro"."""
    op = "aten::sub_.Tensor"
    spec = CallSpec(op, (TensorSpec("float32", (3,), "arange"),))
    heap = crash_groups.CrashGroup(op, Outcome("signal", "SIGSEGV", op), [{"n": 0}], spec, "f.py", heap=True)
    unwritten = crash_groups.CrashGroup(op, Outcome("signal", "SIGABRT", op), [{"n": 1}], spec, note="no repro: returns alone")
    alone = crash_groups.CrashGroup("opprop_zero::scale", Outcome("signal", "SIGABRT", "opprop_zero::scale"), [{"n": 2}],
                                    note="no repro: x")
    kept = crash_groups.without_repro_folded([heap, unwritten, alone], {}, log=lambda m: None)
    assert kept == [heap, alone] and heap.findings == [{"n": 0}, {"n": 1}] and alone.note == "no repro: x"


def test_a_guarded_call_is_unguarded_whole_for_its_fresh_rebuild():
    """A guarded repro whose file does not die alone (the guard did not make the fault) is rebuilt from the call as
    found: every guard gone, and nothing else changed."""
    sparse = specs.tensor_spec(torch.ones(3).to_sparse())
    spec = CallSpec("aten::sub_.Tensor", (TensorSpec("float32", (3,), "arange", stride=(1,), offset=1), sparse))
    guarded = crash_rebuild.guarded_spec(spec)
    assert guarded.guarded and guarded != spec
    assert crash_rebuild.guarded_spec(guarded, guard=False) == spec
    assert crash_rebuild.guarded_spec(spec, guard=False) is None  # nothing to unguard


def test_guarded_buffers_leave_a_call_that_stays_in_bounds_alone():
    """A guard changes nothing for a call that writes only its own elements: no fault, so no guarded rebuild."""
    a = TensorSpec("float32", (3,), "arange", stride=(1,), offset=1)
    call = CallSpec("aten::add_.Tensor", (a, TensorSpec("float32", (3,), "ones")))
    assert crash_runner.run_spec(crash_rebuild.guarded_spec(call)) == Outcome("returned")
    assert crash_rebuild.guarded_rebuild(call, Outcome("signal", "SIGABRT", "aten::add_.Tensor")) is None


def test_a_journal_assert_finding_keeps_the_choices_its_finding_carries():
    """A crash's journal record holds its replay beside the finding; an internal assert's finding holds its own."""
    replay = {"choices": "4101", "database_key": "opprop-fuzz:aten::trunc.out", "steer": None}
    records = [{"type": "finding", "target": "aten::trunc.out",
                "finding": {**_crash_finding("aten::trunc.out", "SIGABRT", {}), "invariant": "internal_assert", "replay": replay}},
               {"type": "finding", "target": "aten::range.out", "finding": _crash_finding("aten::range.out", "SIGFPE", {}),
                "replay": {"choices": "4100", "database_key": "opprop-fuzz:aten::range.out", "target": "aten::range.out"}}]
    found = crash_groups.journal_crash_findings([parse(r, JOURNAL) for r in records])
    assert [f["replay"]["choices"] for f in found] == ["4101", "4100"]
    assert [crash_rebuild.finding_target(f, f["replay"]) for f in found] == ["aten::trunc.out", "aten::range.out"]


def test_an_internal_assert_key_keeps_condition_and_location_not_the_message():
    message = ('t.numel() == 0 INTERNAL ASSERT FAILED at "/pytorch/aten/src/ATen/native/X.cpp":12, please report a bug to PyTorch. '
               "got sizes [3, 4]")
    assert crash_outcome.assert_key(message) == 't.numel() == 0 INTERNAL ASSERT FAILED at "/pytorch/aten/src/ATen/native/X.cpp":12'
    stderr = "Traceback (most recent call last):\n  File ...\nRuntimeError: " + message.replace("[3, 4]", "[1]")
    assert crash_outcome.outcome_of_process(1, stderr) == "internal assert: " + crash_outcome.assert_key(message)


# ---------------------------------------------------------------- the whole pipeline, from a fuzz run to FIXED


def test_fuzzed_zero_size_segfault_becomes_a_repro_that_replays_until_fixed(tmp_path):
    fuzz = _opprop("fuzz", "--ops", "opprop_zero::scale", "--import", "zero_size_crash_ops", "--jobs", "1", "--budget", "120",
                   "--per-op-examples", "300", "--report", "r.json", "--journal", "j.jsonl", "--database", "db", cwd=tmp_path)
    assert fuzz.returncode == 0, fuzz.stderr[-2000:]
    rep = json.loads((tmp_path / "r.json").read_text())
    (crash,) = [c for c in rep["crashes"] if c["aten_op"] == "opprop_zero::scale"]
    assert crash["detail"]["signal"] == "SIGSEGV" and 0 in crash["inputs"]["x"]["shape"]
    made = _opprop("report", "--issue", "r.json", "--import", "zero_size_crash_ops", "--out", "crashes", "--md", "issues.md",
                   "--summary", "s.md", cwd=tmp_path)
    assert made.returncode == 0, made.stderr[-2000:]
    path = tmp_path / "crashes" / "opprop_zero.scale--crash-sigsegv.py"
    ef = expectfile.load(path)
    spec = ef.repro
    assert [t.shape for t in spec.tensors()] == [(0,)]
    assert ef.expected == "dies with SIGSEGV\n"
    assert "def _scale" in path.read_text() and "opprop" not in path.read_text().split("# ---- the repro ----")[1].replace("opprop_zero", "")
    still = _opprop("replay", str(path), cwd=tmp_path)
    assert still.returncode == 0 and f"still crashes: {path}" in still.stdout, still.stdout + still.stderr
    fixed = _opprop("replay", str(path), cwd=tmp_path, OPPROP_ZERO_SIZE_FIXED="1")
    assert fixed.returncode == 1 and f"FIXED: {path}" in fixed.stdout and "delete" in fixed.stdout, fixed.stdout + fixed.stderr
    assert "torch.ops.opprop_zero.scale.default(x)" in (tmp_path / "issues.md").read_text()
    assert "## Crash groups (1 from 1 raw crash finding(s), public first)" in (tmp_path / "s.md").read_text()


# ---------------------------------------------------------------- the checked-in crash repros


def test_the_crashes_reproduced_by_hand_are_checked_in_and_ledgered():
    names = {p.name for p in FILES}
    assert set(BY_HAND) <= names
    assert any(n.startswith("aten._masked_softmax--crash-") for n in names)
    known = ledger.load(ROOT / "expected" / "ledger.toml")
    for path in FILES:
        ef = expectfile.load(path)
        entry = known.get(ef.meta["aten_op"], ef.meta["invariant"])
        assert entry is not None, f"{path.name} has no ledger entry"
        assert entry.reason and entry.reason != "new: not yet triaged"
    for name, expected in BY_HAND.items():
        assert expectfile.load(CRASHES / name).expected.strip() == expected


# Each repro was checked to die three times in fresh interpreters (in four environments, for heap damage) when it was
# written (crash_expectfile.write); a repro is a script of torch alone, so only torch can change what it does. The
# nightly run (pytest -m nightly) replays each as `opprop replay` does, once (OPPROP_CRASH_REPLAYS=3: three times);
# CI leaves the replays out: 157 fresh interpreters, some waiting on a collective's timeout, do not fit its 30 minutes.
REPLAYS = int(os.environ.get("OPPROP_CRASH_REPLAYS", "1"))


@pytest.mark.nightly
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_crash_repro_dies_as_recorded_in_a_fresh_interpreter(path):
    for _ in range(REPLAYS):
        r = expectfile.replay(path)
        assert (r.status, r.crash) == ("same", True), f"{path.name}: {r.status}: {r.message}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_crash_repro_is_a_few_lines_of_torch(path):
    code = path.read_text().split("# ---- the repro ----", 1)[1].split("EXPECTED = ", 1)[0]
    lines = crash_script.own_lines(code)  # less the fixed helpers (guarded buffers, the one-process group), word for word
    # an opaque argument is its producer's call and that call's input: two lines more each (quantized RNN cells take two)
    produced = sum(1 for x in lines[1:-1] if "= torch.ops." in x)
    assert lines[0] == "import torch" and len(lines) <= 8 + 2 * produced, code
    assert not any(x.startswith("def ") for x in lines), code  # a helper that is not the shared text word for word
    assert all("opprop" not in x for x in lines)


def test_the_shared_helpers_are_not_a_repros_own_lines_and_nothing_else_is():
    """A group repro's own lines are its inputs and its call; the group's start and teardown, shared by every group
    repro, are not, and text that only resembles a helper still counts."""
    spec = CallSpec("_c10d_functional::all_to_all_single", (TensorSpec("float32", (), "zeros"), [], [], process_group.NAME))
    script = crash_script.script_source(spec)
    own = crash_script.own_lines(script)
    assert own == ["import torch", "input = torch.zeros((), dtype=torch.float32)",
                   "torch.ops._c10d_functional.all_to_all_single.default(input, [], [], one_group.group_name)"], own
    changed = script.replace("store = c10d.HashStore()", "store = c10d.HashStore()  # changed")
    assert len(crash_script.own_lines(changed)) > 20


def test_replay_says_changed_for_a_python_error_and_fixed_when_it_returns(tmp_path):
    source = (CRASHES / "aten.range.out--crash-sigfpe.py").read_text()
    call = next(x for x in source.splitlines() if x.startswith("torch.ops.aten.range.out("))
    changed = tmp_path / "aten.range.out--crash-sigfpe.py"
    changed.write_text(source.replace(call, "torch.ops.aten.range.out(1, 2, -0.5, out=out)"))  # now the step's sign check fires
    r = expectfile.replay(changed)
    assert r.status == "changed" and "now error: RuntimeError" in r.message
    changed.write_text(source.replace(call, "torch.ops.aten.range.out(1, 1, 1, out=out)"))
    r = expectfile.replay(changed)
    assert r.status == "fixed" and "delete" in r.message and "ledger" in r.message


# ---------------------------------------------------------------- groups, public first, upstream-ready reports


def _example(name):
    return expectfile.load(CRASHES / name).meta["example"]


def test_groups_render_public_first_in_the_summary_and_the_issue_report(tmp_path):
    findings = [_example("aten._chunk_cat--crash-sigsegv.py"), _example("aten.range.out--crash-sigfpe.py"),
                _example("aten.range.out--crash-sigfpe.py")]
    groups = crash_groups.group(findings, tmp_path, write=False, log=lambda m: None)
    assert [g.op for g in groups] == ["aten::range.out", "aten::_chunk_cat"]
    assert groups[0].public.startswith("`torch.range(") and len(groups[0].findings) == 2
    assert groups[1].public == "" and len(groups[1].findings) == 1
    text = issue_report.render_all(list(reversed(groups)))
    assert text.index("[CPU] torch.range crashes with SIGFPE") < text.index("[CPU] aten::_chunk_cat crashes with SIGSEGV")
    assert "torch 2." in text and "### Versions" in text and "```python\nimport torch\n" in text
    md = "\n".join(summary.render_crash_groups({"findings": [], "crash_groups": [g.as_json() for g in reversed(groups)]}))
    rows = [[c.strip() for c in x.strip("|").split("|")] for x in md.splitlines() if x.startswith("| `aten::")]
    assert rows[0][:2] == ["`aten::range.out`", "SIGFPE"] and rows[0][3].startswith("`torch.range(") and rows[0][5] == "2"
    assert rows[1][:2] == ["`aten::_chunk_cat`", "SIGSEGV"] and rows[1][3] == "private overload only"


@pytest.mark.parametrize("content, why", [
    (None, "cannot read"),
    ("not json at all\n", "neither an opprop fuzz report"),
    ('{"no": "findings"}', "has no 'findings' list"),
])
def test_report_bad_input_is_one_line_and_exit_2(tmp_path, capsys, content, why):
    path = tmp_path / "in.json"
    if content is not None:
        path.write_text(content)
    assert cli.main(["report", "--issue", str(path), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("opprop: error:") and why in err


@pytest.mark.skipif(shutil.which("gdb") is None, reason="the native frame is read with gdb")
@pytest.mark.usefixtures("gdb_frames")
def test_the_faulting_native_frame_is_the_kernel_not_libc():
    spec = expectfile.load(CRASHES / "aten._chunk_cat--crash-sigsegv.py").repro
    assert native_frame.native_frame(crash_script.script_source(spec)) == "at::native::_pad_chunk (libtorch_cpu.so)"
    abort = ("#0  0x00007ffff7c9eb2c in __pthread_kill_implementation () from /lib/x86_64-linux-gnu/libc.so.6\n"
             "#1  0x00007ffff7c4527e in raise () from /lib/x86_64-linux-gnu/libc.so.6\n"
             "#2  0x00007ffff7c288ff in abort () from /lib/x86_64-linux-gnu/libc.so.6\n"
             "#3  0x00007fffe3000000 in at::native::foo(at::Tensor const&) () from /x/libtorch_cpu.so\n")
    assert native_frame.first_native_frame(abort) == "at::native::foo (libtorch_cpu.so)"


def test_report_only_rebuilds_the_kind_asked_for(tmp_path):
    """``--only crash`` leaves an all-ATen run's internal asserts (most of its report time) out of the groups."""
    crash = _crash_finding("aten::range.out", "SIGFPE", {"start": 1, "end": 1, "step": 0.5, "out": _described((0,), (1,), "int64")})
    assertion = {**_crash_finding("aten::trunc.out", "SIGABRT", {}), "invariant": "internal_assert",
                 "detail": {"error": 'x INTERNAL ASSERT FAILED at "f.cpp":1, please report a bug to PyTorch.'}}
    journal = tmp_path / "j.jsonl"
    journal.write_text("".join(json.dumps({"type": "finding", "target": f["aten_op"], "finding": f}) + "\n" for f in (crash, assertion)))
    out = _opprop("report", "--issue", str(journal), "--only", "crash", "--no-native-frame", "--out", "crashes", "--json", "r.json",
                  "--md", "issues.md", cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    groups = json.loads((tmp_path / "r.json").read_text())["crash_groups"]
    assert [(g["op"], g["outcome"]["what"]) for g in groups] == [("aten::range.out", "SIGFPE")]
    assert (tmp_path / "crashes" / "aten.range.out--crash-sigfpe.py").exists()
    assert "violation_groups" not in json.loads((tmp_path / "r.json").read_text())
    # several kinds at once: the violations (none in this journal) without the crashes' rebuild
    out = _opprop("report", "--issue", str(journal), "--only", "violation", "internal_assert", "--no-native-frame", "--out", "c2",
                  "--json", "r2.json", "--md", "issues2.md", cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    rep = json.loads((tmp_path / "r2.json").read_text())
    assert [g["op"] for g in rep["crash_groups"]] == ["aten::trunc.out"] and rep["violation_groups"] == []
    assert "# opprop: 0 violation report(s), one per root cause" in (tmp_path / "issues2.md").read_text()


def test_an_assert_that_needs_requires_grad_keeps_it_through_rebuild_shrink_and_repro(tmp_path):
    """``as_strided_scatter`` asserts a contiguous ``self`` only when ``self`` requires grad (TensorShape.cpp).

    The flag is part of the call: the input description records it, the
    rebuilt spec and the repro build the tensor with it, and shrinking may
    drop it only if the call still fails the same assert (it does not).
    """
    inputs = {"self": {**_described((3, 3), (0, 1), "float32"), "requires_grad": True},
              "src": _described((2, 2), (0, 1), "float32"), "size": [2, 2], "stride": [2, 1]}
    import torch

    with pytest.raises(RuntimeError, match="INTERNAL ASSERT FAILED") as raised:  # the message, with this build's location
        torch.as_strided_scatter(torch.zeros(3).as_strided((3, 3), (0, 1)).requires_grad_(), torch.zeros(2, 2), (2, 2), (2, 1))
    finding = {"aten_op": "aten::as_strided_scatter", "called_op": "aten::as_strided_scatter", "invariant": "internal_assert",
               "output_index": None, "detail": {"error": str(raised.value).splitlines()[0]}, "inputs": inputs, "replay": None}
    rebuilt = crash_rebuild.rebuild(finding)
    assert rebuilt.outcome.kind == "assert" and rebuilt.outcome.what.startswith("!self.requires_grad() || self.is_contiguous()")
    assert rebuilt.spec.args[0].requires_grad
    without = CallSpec(rebuilt.spec.op, (rebuilt.spec.args[0].replace(requires_grad=False), *rebuilt.spec.args[1:]), rebuilt.spec.kwargs)
    assert crash_runner.run_spec(without) == Outcome("returned")  # the flag is what makes it fail
    shrunk = crash_shrink.shrink_crash(rebuilt.spec, rebuilt.outcome, max_tries=60).spec
    assert shrunk.args[0].requires_grad and CallSpec.from_json(json.loads(json.dumps(shrunk.as_json()))) == shrunk
    path = crash_expectfile.write(tmp_path, shrunk, rebuilt.outcome, example=finding)
    assert ".requires_grad_()" in path.read_text()
    assert [expectfile.replay(path).status for _ in range(3)] == ["same"] * 3


def test_only_crash_recording_keeps_requires_grad():
    """Ownership repros call the op with autograd on: a recorded leaf that requires grad would make ``p.add_`` raise there."""
    from opprop.reduce import capture

    p = torch.zeros(2, requires_grad=True)
    assert not specs.describe([p])[0].requires_grad and specs.describe([p], grad=True)[0].requires_grad
    recorder = capture.CallCapture("aten::add_.Tensor")
    with torch.no_grad(), recorder:
        p.add_(torch.ones(2))  # an optimizer's update
    (spec,) = recorder.recorded
    args, _ = spec.build()
    torch.ops.aten.add_.Tensor(*args)  # rebuilt as the repro builds it, it runs with autograd on
