"""A call that ends in a bug is never a refusal: no learner of what ops refuse (the validity record, the shipped prior,
the OpInfo and module probes) may steer away from the inputs that show bugs, and what they avoid keeps a floor."""
import gzip
import json
import subprocess
import sys

import torch
from hypothesis import given, settings, strategies as st

import internal_assert_ops  # noqa: F401  (registers opprop_bug_or_refusal::_asserts_on_integers)
from tests.support.runs import env
from opprop.check import runner
from opprop.core.calls import Call
from opprop.generators import schema
from opprop.inputs import validity

ASSERTS_ON_INTEGERS = torch.ops.opprop_bug_or_refusal._asserts_on_integers.default
INTEGRAL = {"torch.int64", "torch.int32", "torch.uint8", "torch.int8"}


def test_a_private_overload_s_internal_assert_is_a_valid_call_with_its_finding():
    result = runner.run_call(Call("opprop_bug_or_refusal::_asserts_on_integers", ASSERTS_ON_INTEGERS, (torch.ones(2, dtype=torch.int64),), source="schema"))
    assert result.valid and [f.invariant for f in result.findings] == ["internal_assert"]
    refused = runner.run_call(Call("opprop_bug_or_refusal::_asserts_on_integers", ASSERTS_ON_INTEGERS, (torch.ones(2, dtype=torch.complex64),), source="schema"))
    assert not refused.valid and refused.findings == []


def test_schema_draws_record_an_assert_as_taken_and_a_refusal_as_refused():
    learner = validity.OpValidity()
    strategy = schema.schema_call_strategy(ASSERTS_ON_INTEGERS, learner=learner)

    @settings(max_examples=150, database=None, deadline=None)
    @given(strategy)
    def run(call):
        try:
            call()
        except RuntimeError:
            pass

    run()
    dtypes = learner.choices["dtype"]
    asserted = {v: c for v, c in dtypes.items() if v in INTEGRAL}
    assert asserted and all(accepted == tries for tries, accepted in asserted.values()), dtypes
    assert dtypes["torch.complex64"][1] == 0 and "torch.complex64" not in learner.allowed("dtype", list(dtypes))
    assert INTEGRAL & set(learner.allowed("dtype", list(dtypes)))


def test_what_a_learner_avoids_keeps_a_floor():
    learner = validity.OpValidity()
    for _ in range(validity.MIN_TRIES):
        learner.record({"dtype": "torch.int64"}, False)
        learner.record({"dtype": "torch.float32"}, True)
    options = ["torch.float32", "torch.int64"]
    assert learner.allowed("dtype", options) == ["torch.float32"]
    drawn = st.data()

    seen = set()

    @settings(max_examples=200, database=None, deadline=None)
    @given(drawn)
    def run(data):
        seen.add(data.draw(st.sampled_from(learner.steered("dtype", options, data.draw))))

    run()
    assert seen == set(options)  # avoided, never ruled out
    unsteered = validity.OpValidity()
    calls = []
    assert unsteered.steered("dtype", options, lambda s: calls.append(s)) == options and calls == []  # nothing avoided: no draw


def test_a_fuzz_run_s_record_and_prior_never_count_an_assert_as_a_refusal(tmp_path):
    cmd = [sys.executable, "-m", "opprop", "fuzz", "--import", "internal_assert_ops", "--ops", "opprop_bug_or_refusal::_asserts_on_integers",
           "--jobs", "1", "--budget", "60", "--per-op-examples", "200", "--no-prior", "--prior-out", "p.json.gz"]
    done = subprocess.run(cmd, capture_output=True, text=True, env={**env(), "OPPROP_VALIDITY": str(tmp_path / "v.json")}, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    record = json.loads((tmp_path / "v.json").read_text())["opprop_bug_or_refusal::_asserts_on_integers"]["choices"]["dtype"]
    assert INTEGRAL & set(record) and all(record[v][1] == record[v][0] for v in INTEGRAL & set(record)), record
    assert record["torch.complex64"][1] == 0
    prior = json.loads(gzip.decompress((tmp_path / "p.json.gz").read_bytes()))["ops"]
    steered = prior["opprop_bug_or_refusal::_asserts_on_integers"]["choices"]["dtype"]
    assert all(accepted > 0 for v, (tries, accepted) in steered.items() if v in INTEGRAL) and steered["torch.complex64"][1] == 0
