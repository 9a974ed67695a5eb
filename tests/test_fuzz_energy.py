"""A sweep's later rounds go to the targets whose examples still show something new (opprop/fuzz/energy.py)."""
import dataclasses
import json

from tests.support.runs import run_fuzz
from opprop.check.runner import CallResult, OpStats
from opprop.fuzz import energy
from opprop.fuzz.messages import OpDone, joined


def _done(target, status="budget", examples=100, discovery=0.0):
    return OpDone(target=target, status=status, stats={"examples": examples, "discovery": discovery})


def test_discovery_is_the_share_of_examples_that_showed_a_behaviour_once():
    stats = OpStats("t")
    for error in ("shape [2] is wrong", "shape [3] is wrong", "dtype Long"):  # numbers blanked: the first two are one kind
        stats.add(CallResult([], error, {}), 0.0)
    stats.add(CallResult([], None, {"aten::abs": 1}), 0.0)
    assert stats.discovery == 2 / 4  # 'dtype Long' and 'reached aten::abs' once each; the shape error twice
    assert stats.as_json()["behaviours"] == 3


def test_later_rounds_rank_by_energy_and_leave_out_what_cannot_use_a_share():
    schedule = energy.Schedule()
    schedule.done(_done("flat", discovery=0.0))
    schedule.done(_done("surprising", discovery=0.9))
    schedule.done(_done("crashed", status="crash", discovery=0.0))
    schedule.done(_done("exhausted", status="ran", discovery=0.9))  # ran all its examples: nothing more to draw
    plan = schedule.next_round(seconds_left=1000, jobs=1)
    assert set(plan) == {"surprising", "crashed", "flat"} and plan["surprising"] > plan["crashed"] > plan["flat"]
    assert abs(sum(plan.values()) - 1000) < 1e-6
    assert schedule.next_round(seconds_left=1000, jobs=1) == {}  # each waits for its new share's word
    schedule.done(_done("flat", discovery=0.0))
    schedule.done(_done("surprising", discovery=0.5))
    short = schedule.next_round(seconds_left=energy.MIN_SHARE_S * 1.5, jobs=1)
    assert list(short) == ["surprising"]  # two shares would each be under the least worth a target's setup
    assert schedule.round_of("surprising") == 2 and schedule.round_of("exhausted") == 0


def test_a_target_s_shares_join_into_one_record():
    first = OpDone(target="t", status="budget", budget=1.0, seconds=1.0, first_seen={"k": 3},
                   stats={"examples": 10, "valid": 4, "errors": 6, "reached": ["a"], "error_kinds": {"e": 6}})
    later = OpDone(target="t", status="ran", budget=5.0, seconds=4.0, first_seen={"k": 1, "j": 2},
                   stats={"examples": 30, "valid": 30, "errors": 0, "reached": ["b"], "error_kinds": {}})
    both = joined(first, later)
    assert (both.status, both.budget, both.seconds, both.first_seen) == ("ran", 6.0, 5.0, {"k": 3, "j": 2})
    assert both.stats["examples"] == 40 and both.stats["valid"] == 34 and both.stats["reached"] == ["a", "b"]
    assert both.stats["error_kinds"] == {"e": 6}
    crashed = joined(dataclasses.replace(first, status="crash"), later)
    assert crashed.status == "crash"  # a share that crashed is what the target's row says, whatever came after


def test_a_sweep_gives_its_later_rounds_to_the_target_that_still_surprises(tmp_path):
    ops = [f"opprop_energy::flat_{c}" for c in "abcdefgh"] + ["opprop_energy::surprising"]
    _, report = run_fuzz(tmp_path, "--import", "energy_ops", "--ops", *ops, "--no-seed", "--jobs", "1", "--budget", "40",
                         "--per-op-examples", "100000", "--database", str(tmp_path / "db"), timeout=300)
    shares, scanned = {}, {}  # the rounds' shares, and the scan's (energy.SCAN_ROUND), by target
    for line in (tmp_path / "run.jsonl").read_text().splitlines():
        record = json.loads(line)
        if record.get("type") == "op_done":
            into = scanned if record.get("stage") == "scan" else shares
            into.setdefault(record["target"], []).append(record["stats"]["examples"])
    assert set(scanned) == set(ops), scanned  # every overload was scanned first
    assert len(shares["opprop_energy::surprising"]) >= 2, shares  # a later round
    rows = {o["name"]: o for o in report["ops"]}
    surprising = "opprop_energy::surprising"
    assert rows[surprising]["examples"] == sum(shares[surprising]) + sum(scanned[surprising])  # one row for all its shares
    later = {t: sum(n[1:]) for t, n in shares.items()}
    assert later["opprop_energy::surprising"] > sum(n for t, n in later.items() if "flat" in t), shares
