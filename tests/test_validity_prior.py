"""The shipped validity prior (opprop/inputs/validity_prior.py): what a sweep learned each op rejects, kept compact,
the start of a directory with no validity record, on the same torch minor version only, and off on request."""
import gzip
import json
import subprocess
import sys

import pytest
import torch

from tests.support.runs import env
from opprop.inputs import validity, validity_prior


@pytest.fixture
def prior_on(monkeypatch):
    monkeypatch.setenv("OPPROP_PRIOR", "1")  # the suite turns it off (conftest)
    validity_prior.read.cache_clear()
    yield
    validity_prior.read.cache_clear()


def _learned() -> validity.OpValidity:
    record = validity.OpValidity()
    for _ in range(4):
        record.record({"dtype": "torch.int64", "ndim": "2"}, False)
        record.record({"dtype": "torch.float32", "ndim": "2"}, True)
    return record


def test_a_prior_keeps_only_the_choices_that_steer():
    steering = _learned().steering()
    assert set(steering) == {"dtype"}  # ndim=2 was taken and refused alike: nothing to drop, nothing kept
    assert steering["dtype"] == {"torch.int64": [4, 0], "torch.float32": [4, 4]}
    assert validity.OpValidity({"choices": steering}).allowed("dtype", ["torch.float32", "torch.int64"]) == ["torch.float32"]


def test_a_directory_without_a_record_starts_from_the_prior_and_a_record_wins(tmp_path, monkeypatch, prior_on):
    prior = tmp_path / "prior.json.gz"
    validity_prior.write(prior, {"aten::erf_": _learned().steering()}, "a test")
    monkeypatch.setattr(validity_prior, "PATH", prior)
    fresh = validity.ValidityStore(str(tmp_path / "none" / "validity.json"))
    assert fresh.for_op("aten::erf_").allowed("dtype", ["torch.int64", "torch.float32"]) == ["torch.float32"]
    assert "1 op(s)' refusals learned on torch" in validity_prior.one_line()
    kept = tmp_path / "validity.json"
    kept.write_text(json.dumps({"aten::abs": {"total": [1, 1], "choices": {}}}))
    assert set(validity.ValidityStore(str(kept)).ops) == {"aten::abs"}  # a directory's own record is never mixed
    monkeypatch.setenv("OPPROP_PRIOR", "0")
    assert validity.ValidityStore(str(tmp_path / "none" / "validity.json")).ops == {}
    assert validity_prior.one_line().startswith("validity prior: off (OPPROP_PRIOR=0)")


def test_a_prior_learned_on_another_torch_minor_is_not_used(tmp_path, monkeypatch, prior_on):
    prior = tmp_path / "prior.json.gz"
    validity_prior.write(prior, {"aten::erf_": _learned().steering()}, "a test")
    data = json.loads(gzip.decompress(prior.read_bytes()))
    data["torch"] = "1.0.0"
    prior.write_bytes(gzip.compress(json.dumps(data).encode()))
    validity_prior.read.cache_clear()
    monkeypatch.setattr(validity_prior, "PATH", prior)
    assert validity_prior.ops() == {}
    assert validity_prior.one_line().startswith(f"validity prior: not used on torch {torch.__version__}")


def test_the_shipped_prior_is_small_and_made_on_a_tested_torch(prior_on):
    data = validity_prior.read(validity_prior.PATH)
    assert data and validity_prior.PATH.stat().st_size < 512 * 1024  # the wheel carries it
    assert data["about"].startswith("opprop fuzz --budget") and data["ops"]
    assert all(set(record) == {"choices"} and record["choices"] for record in data["ops"].values())


def test_fuzz_writes_a_prior_and_refuses_an_unwritable_one_in_one_line(tmp_path):
    base = [sys.executable, "-m", "opprop", "fuzz", "--ops", "aten::erf_", "--jobs", "1", "--no-prior"]
    bad = subprocess.run([*base, "--budget", "5", "--prior-out", str(tmp_path / "no" / "such" / "p.json.gz")],
                         capture_output=True, text=True, env=env(), cwd=tmp_path, timeout=120)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "--prior-out" in bad.stderr
    done = subprocess.run([*base, "--budget", "20", "--per-op-examples", "300", "--prior-out", "p.json.gz"], capture_output=True, text=True, env=env(), cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "validity prior: off (OPPROP_PRIOR=0)" in done.stdout
    written = json.loads(gzip.decompress((tmp_path / "p.json.gz").read_bytes()))
    # erf_ refuses integer tensors (an in-place float op): what the run learned steers away from them
    dtypes = written["ops"]["aten::erf_"]["choices"]["dtype"]
    assert any(v.startswith("torch.int") and accepted == 0 for v, (tries, accepted) in dtypes.items())
