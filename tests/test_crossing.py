"""Every kind crossed into every argument, before Hypothesis draws (generators/crossing.py), in a sweep's shares."""
import json
import subprocess
import sys

import torch

from tests.support.runs import keys, run_fuzz
from opprop.explore.replay import replay_call
from opprop.generators import crossing


def _kinds_per_argument(op, calls: int) -> dict:
    seen: dict = {}
    for i in range(calls):
        plan = crossing._plan(op, i, 0)
        for name, value in plan.items():
            for v in value if isinstance(value, list) else [value]:
                if isinstance(v, crossing.Cell):
                    seen.setdefault(name, set()).add(v.kind)
    return seen


def test_every_kind_meets_every_tensor_argument_out_and_lists_included():
    every = set(crossing.cells())
    assert {"sparse_csr", "sparse_bsc", "quantized_per_channel", "nested_jagged", "conj", "neg", "channels_last", "mkldnn"} <= every
    seen = _kinds_per_argument(torch.ops.aten.add.out, 600)
    assert {name: every - kinds for name, kinds in seen.items()} == {"self": set(), "other": set(), "out": set()}
    assert _kinds_per_argument(torch.ops.aten.cat.default, 600)["tensors"] == every


def test_a_crossing_call_is_the_same_in_every_process_and_its_seed_moves_it():
    op = torch.ops.aten.add.out
    first, again = crossing.crossing_call(op, 7, seed=3), crossing.crossing_call(op, 7, seed=3)
    assert first.source == again.source and first.source.startswith("crossing 7 (seed 3): self=")
    for name, value in first.kwargs.items():
        if isinstance(value, torch.Tensor) and value.layout == torch.strided and not (value.is_quantized or value.is_nested):
            assert torch.equal(value.resolve_conj().resolve_neg(), again.kwargs[name].resolve_conj().resolve_neg())
            assert value is not again.kwargs[name]  # built fresh: an op may write it
    assert len({crossing.crossing_call(op, 7, seed=s).source.split(": ", 1)[1] for s in range(6)}) > 1


def test_a_bug_only_another_kind_in_a_second_argument_shows_is_found_and_replays_from_its_index(tmp_path):
    # csr_other returns its input when its second argument is sparse CSR: schema draws give a custom op's arguments
    # one dense kind, so only the crossing calls meet it; its control copies there too
    ops = ["opprop_crossing::csr_other", "opprop_crossing::csr_other_ok"]
    _, rep = run_fuzz(tmp_path, "--import", "crossing_ops", "--ops", *ops, "--jobs", "1", "--budget", "40", "--per-op-examples", "1000",
                      "--database", str(tmp_path / "db"))
    assert ("opprop_crossing::csr_other", "returns_input") in keys(rep)
    assert not [f for f in rep["findings"] if f["aten_op"] == "opprop_crossing::csr_other_ok"]
    journaled = [json.loads(line) for line in (tmp_path / "run.jsonl").read_text().splitlines()]
    replay = next(r["finding"]["replay"] for r in journaled if r.get("type") == "finding" and r["finding"]["invariant"] == "returns_input")
    import crossing_ops  # noqa: F401  (registers the ops here, for the replay)

    call = replay_call(replay)
    assert "crossing" in replay and call.kwargs["other"].layout == torch.sparse_csr


def test_a_crash_in_a_crossing_call_is_a_finding_whose_replay_names_the_call(tmp_path):
    # quantized_out segfaults when its out= tensor is quantized: the crash is kept with the crossing call's index
    _, rep = run_fuzz(tmp_path, "--import", "crossing_ops", "--ops", "opprop_crossing::quantized_out", "opprop_crossing::quantized_out_ok",
                      "--jobs", "1", "--budget", "40", "--per-op-examples", "1000", "--database", str(tmp_path / "db"))
    crashes = [c for c in rep["crashes"] if c["aten_op"] == "opprop_crossing::quantized_out"]
    assert crashes and {c["detail"].get("signal") for c in crashes} == {"SIGSEGV"}
    assert not [c for c in rep["crashes"] if c["aten_op"] == "opprop_crossing::quantized_out_ok"]
    journaled = [json.loads(line) for line in (tmp_path / "run.jsonl").read_text().splitlines()]
    replay = next(r["replay"] for r in journaled if r.get("type") == "finding" and r["finding"]["invariant"] == "crash")  # the parent's
    import crossing_ops  # noqa: F401

    assert "crossing" in replay and replay_call(replay).kwargs["out"].is_quantized  # rebuilt, not run: it would crash this process


def test_a_worker_refuses_an_allocation_past_its_headroom_as_an_error_not_a_death():
    # a crossing call may ask for [65537, 65537] floats (17 GB): refused as an error, where an uncapped worker would
    # touch it until the OOM killer ended it as a false crash
    code = ("import torch\nfrom opprop.fuzz import worker\nworker._cap_memory()\n"
            "try:\n    torch.ones(65537, 65537)\nexcept RuntimeError as e:\n    print('refused:', str(e).splitlines()[0][:60])\n"
            "print(torch.ones(1000, 1000).sum().item())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "refused:" in done.stdout and "1000000.0" in done.stdout, done.stdout + done.stderr


def test_a_python_kernels_own_failure_on_a_crossed_kind_refuses_the_call_and_the_share_goes_on():
    import crossing_ops  # noqa: F401
    from opprop.explore.session import Exploration
    from opprop.explore.target import resolve

    session = Exploration(resolve("opprop_crossing::picky"), seed=0)
    session.run_crossing(40)
    stats = session.sample_stats.as_json()
    assert stats["examples"] == 40 and 0 < stats["valid"] < 40
    assert any(kind.startswith("KeyError") for kind in stats["error_kinds"])


def test_crossing_calls_make_no_file_where_the_sweep_runs(tmp_path, monkeypatch):
    # aten::from_file(filename, shared=True, size) creates the file it names ("filename not specified" for ""): the
    # crossing's strings name none it could create
    from opprop.check.runner import run_call

    monkeypatch.chdir(tmp_path)
    op = torch.ops.aten.from_file.default
    for index, call in crossing.crossing_calls(op, 0, 200):
        run_call(call)
    assert list(tmp_path.iterdir()) == []


def test_a_sweep_scans_every_overload_first_and_a_crash_ends_one_scan_call_not_the_overload_s_scan(tmp_path):
    # nine targets for one worker: a sweep with rounds, so its scan (fuzz.energy.SCAN_ROUND) runs every overload's
    # crossing calls before any first-round share; quantized_out segfaults whenever its out= tensor is quantized
    from opprop.fuzz.worker import SCAN_SEED

    ops = ["opprop_crossing::quantized_out", "opprop_crossing::quantized_out_ok", *(f"opprop_energy::flat_{c}" for c in "abcdefg")]
    run_fuzz(tmp_path, "--import", "crossing_ops", "--import", "energy_ops", "--ops", *ops, "--no-seed", "--jobs", "1", "--budget", "30",
             "--per-op-examples", "100000", "--database", str(tmp_path / "db"), timeout=300)
    journaled = [json.loads(line) for line in (tmp_path / "run.jsonl").read_text().splitlines()]
    done = [r for r in journaled if r.get("type") == "op_done"]
    stages = [r.get("stage") for r in done]
    assert {r["target"] for r in done if r.get("stage") == "scan"} == set(ops)
    assert stages.index(None) > max(i for i, s in enumerate(stages) if s == "scan")  # the scan ends before the first round
    crashed = [r["replay"] for r in journaled if r.get("type") == "finding" and r["finding"]["invariant"] == "crash"
               and r["replay"].get("crossing_seed") == SCAN_SEED]
    indices = [replay["crossing"] for replay in crashed if replay["target"] == "opprop_crossing::quantized_out"]
    # each crash resumed the scan at the next call, in a fresh worker
    assert len(indices) >= 2 and indices == sorted(set(indices)), crashed
    assert not [replay for replay in crashed if replay["target"] != "opprop_crossing::quantized_out"]
