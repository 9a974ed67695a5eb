"""The benchmark's op-set rule and harness work (fast; no timing is asserted)."""
import sys

import pytest

from benchmarks import detect, modules, op_set, overhead, render
from opprop.check import catalog
from opprop.explore.target import resolve


def test_rule_keeps_at_least_150_ops():
    picked = op_set.pick()
    assert len(picked) >= 150
    assert picked == sorted(picked)
    assert not any(op_set._reseeds(catalog.opinfos_by_id()[n]) for n in picked)


def test_kept_set_is_large_and_real():
    kept = op_set.kept()
    assert len(kept) >= 150
    assert set(kept) <= set(catalog.opinfos_by_id())


def _ways() -> set:
    """The ways the parts time here: the four, and the native engine's two where it builds."""
    return set(overhead.WAYS) | (set(overhead.NATIVE_WAYS) if overhead.native_registration() else set())


def test_harness_runs_on_two_ops():
    timings = overhead.run(["add", "nn.functional.relu"], repeats=2)
    assert [t.name for t in timings] == ["add", "nn.functional.relu"]
    for t in timings:
        assert t.samples >= 1
        assert set(t.seconds) == _ways() and all(s > 0 for s in t.seconds.values())
    summary = overhead.summary(timings)
    assert set(summary) >= {"opprop/floor", "opprop/plain", "schema_check/opprop"}
    if overhead.native_registration():  # the native engine beside them, where it builds
        assert set(summary) >= {"native/plain", "native/opprop", "native_off/plain"}
    results = {"command": "python -m benchmarks --parts overhead", "torch": "x", "machine": "m", "date": "d",
               "overhead": {"repeats": 2, "threads": 1, "summary": summary,
                            "ops": [{"name": t.name, "samples": t.samples, "seconds": t.seconds} for t in timings]}}
    text = render.markdown(results)
    assert "| add |" in text and "opprop/floor" in text


def test_module_part_times_forward_and_backward_of_module_db_cases():
    result = modules.run(limit=2, repeats=1)
    assert result["cases"] == 2 and len(result["timings"]) + len(result["failed"]) == 2
    for t in result["timings"]:
        assert set(t["seconds"]) == _ways() and all(s > 0 for s in t["seconds"].values())
    name, fn, args, kwargs = next(modules.cases(limit=1))
    from torch.utils._python_dispatch import TorchDispatchMode

    class Count(TorchDispatchMode):
        calls = 0

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            Count.calls += 1
            return func(*args, **(kwargs or {}))

    with Count():
        fn.module(*args, **kwargs)
    forward = Count.calls
    with Count():
        fn(*args, **kwargs)
    assert Count.calls - forward > forward  # the call is forward, then its backward
    text = render.markdown({"command": "c", "torch": "x", "machine": "m", "date": "d", "modules": {"threads": 1, **result}})
    assert "module_db forward and backward" in text


@pytest.mark.parametrize("aten_op, target", [
    ("aten::_unsafe_view", "kron"),  # found only inside a composite OpInfo: the ledger's found_via
    ("aten::lift_fresh", "__getitem__"),
    ("aten::q_per_channel_scales", "aten::q_per_channel_scales"),  # its own overload
])
def test_detect_checks_each_violation_through_the_target_that_reaches_it(aten_op, target):
    assert detect.target_for(aten_op) == target
    assert resolve(target).name == target


def test_sweep_runs_the_real_command_and_counts_valid_examples():
    from benchmarks import throughput

    r = throughput.sweep(2, budget=120, ops=["add", "aten::q_per_channel_scales"], per_op=5)
    assert r["ops"] == 2 and r["not_run"] == 0
    assert r["examples"] >= 10 and 0 < r["valid"] <= r["examples"]
    assert abs(r["valid_per_s"] * r["wall_s"] - r["valid"]) < 0.01 * r["valid"]  # wall_s is rounded
    two = {**r, "jobs": 2}
    one = {**r, "jobs": 1, "wall_s": r["wall_s"] * 2}
    text = render.markdown({"command": "c", "torch": "x", "machine": "m", "date": "d",
                            "throughput": {"jobs1": one, "jobs2": two, "runs": [one, two, two, one], "scaling": 2.0}})
    assert "| 4 | 1 |" in text and "Scaling, jobs 2 over jobs 1: 2.00x" in text


def test_baseline_is_the_exported_revision_timed_side_by_side():
    from benchmarks import baseline

    commit, mode = baseline.load(baseline.DEFAULT_REV)
    assert mode.__module__ == f"{baseline.PACKAGE}.checkmode" and commit.startswith(baseline.DEFAULT_REV)
    import opprop.check.mode

    assert mode is not opprop.check.mode.InvariantMode
    timings = overhead.run(["add"], repeats=2, baseline_mode=mode)
    native = overhead.NATIVE_WAYS if overhead.native_registration() else ()  # the native engine's ways, where it builds
    assert set(timings[0].seconds) == {*overhead.BASELINE_WAYS, *native} and all(s > 0 for s in timings[0].seconds.values())
    summary = overhead.summary(timings)
    assert {"baseline/floor", "opprop/baseline"} <= set(summary)
    results = {"command": "python -m benchmarks --parts overhead", "torch": "x", "machine": "m", "date": "d",
               "overhead": {"repeats": 2, "threads": 1, "baseline": {"rev": baseline.DEFAULT_REV, "commit": commit}, "summary": summary,
                            "ops": [{"name": t.name, "samples": t.samples, "seconds": t.seconds} for t in timings]}}
    text = render.markdown(results)
    assert "| opprop/baseline |" in text and f"InvariantMode of `{baseline.DEFAULT_REV}`" in text


def test_an_unknown_baseline_is_a_one_line_error(capsys):
    from benchmarks.__main__ import main

    with pytest.raises(SystemExit) as exit_:
        main(["--parts", "overhead", "--baseline", "no-such-revision", "--out", "/dev/null"])
    assert exit_.value.code == 2
    assert "not a commit of this repository" in capsys.readouterr().err


def test_a_baseline_with_absolute_imports_and_mapped_packages_loads_its_own_mode():
    """827c90d keeps InvariantMode in check/mode.py, imports opprop absolutely and maps generators/ in."""
    from benchmarks import baseline

    commit, mode = baseline.load("827c90d")
    assert commit.startswith("827c90d") and mode.__module__ == "opprop_baseline.check.mode"
    import sys

    assert sys.modules["opprop_baseline.check.mode"].__file__ != sys.modules["opprop.check.mode"].__file__


def test_the_real_steps_baseline_is_the_revisions_own_checking_with_its_ledger_and_user_lines(monkeypatch):
    """faacd69's checking() runs as the current one does: its shipped ledger (a link in the repository) comes along,
    and a finding's line is this file's, not the exported package's (whose frames are opprop's own)."""
    import sys

    import torch

    from benchmarks import baseline

    monkeypatch.setenv("OPPROP_NATIVE", "0")  # its own compiled hot path (another source, another build) is not the subject
    baseline.load("faacd69")
    checking = baseline.checking()
    assert checking.__module__ == "opprop_baseline.usercode"
    x = torch.randn(4, 4)
    with checking() as found:
        torch.ops.aten._unsafe_view(x, [16])  # ledgered: its output shares the input's storage
    assert found.findings and all(f.known for f in found.findings)
    assert {f.where.rsplit(":", 1)[0] for f in found.findings} == {"tests/test_benchmarks.py"}
    assert sys.modules["opprop_baseline.check.native"].module is None  # nothing was built for it
