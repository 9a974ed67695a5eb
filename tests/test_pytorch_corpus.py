"""PyTorch's own tests as a corpus (``opprop corpus``), and the seed recorded that way that ``opprop fuzz`` starts from."""
import json
import urllib.error

import pytest
import torch

import opprop
from opprop.cli import main as cli
from opprop.inputs import corpus, pytorch_tests, seed

from tests.support.runs import run_fuzz

# A stand-in for one of PyTorch's test files: a torch op, and a torch.library op that returns its input from a schema
# that declares no alias (returns_input, in no ledger), and a helper module imported from beside it, as
# test_sparse_csr.py imports test_sparse.
FAKE_TEST = """
import torch
from helper_beside import twice

lib = torch.library.Library("opprop_upstream_fake", "DEF")
lib.define("echo(Tensor x) -> Tensor")
lib.impl("echo", lambda x: x, "CPU")


def test_add():
    x = torch.arange(6.0).reshape(2, 3)
    assert twice(x).sum() == 30


def test_echo():
    x = torch.tensor([1.0, -2.0, 3.5])
    assert torch.ops.opprop_upstream_fake.echo(x) is x
"""
HELPER = "import torch\n\n\ndef twice(x):\n    return torch.add(x, x)\n"


@pytest.fixture
def checkout(tmp_path):
    """A PyTorch checkout of one test file and its sibling helper, in test/'s layout."""
    (tmp_path / "src" / "test").mkdir(parents=True)
    (tmp_path / "src" / "test" / "test_fake.py").write_text(FAKE_TEST)
    (tmp_path / "src" / "test" / "helper_beside.py").write_text(HELPER)
    return tmp_path / "src"


def test_corpus_records_a_test_files_calls_and_reports_its_finding_outside_the_ledger(checkout, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out, report = tmp_path / "corpus", tmp_path / "r.json"
    assert cli.main(["corpus", "test_fake.py", "--pytorch-src", str(checkout), "--out", "corpus", "--report", str(report),
                     "--write-expected", "exp", "--logs", "logs"]) == 0
    printed = capsys.readouterr().out
    assert "test_fake.py: 2 test(s) checked, 0 failed (pytest exit 0)" in printed, printed
    assert (tmp_path / "exp" / "opprop_upstream_fake.echo--returns_input.py").exists()
    assert "2 passed" in (tmp_path / "logs" / "test_fake.py.log").read_text()
    assert "NEW opprop_upstream_fake::echo / returns_input" in printed, printed
    recorded = corpus.read(out)
    [echo] = recorded["opprop_upstream_fake::echo"]
    assert echo.build()[0][0].tolist() == [1.0, -2.0, 3.5]  # the very call the test made, rebuildable
    assert recorded["aten::add.Tensor"]
    [run] = json.loads(report.read_text())["files"]
    assert run["calls"] == sum(len(v) for v in recorded.values()) and set(run["overloads"]) == set(recorded)
    assert ("opprop_upstream_fake::echo", "returns_input") in {(f["aten_op"], f["invariant"]) for f in run["new_findings"]}
    assert all(f["aten_op"] != "aten::add.Tensor" for f in run["new_findings"])  # the legal op stays silent


def test_seed_out_writes_a_compact_seed_with_its_provenance_and_never_an_empty_one(checkout, tmp_path, capsys):
    out = tmp_path / "seed"
    assert cli.main(["corpus", "test_fake.py", "--pytorch-src", str(checkout), "--seed-out", str(out)]) == 0
    assert "seed written to" in capsys.readouterr().out
    calls = corpus.read(out)
    assert set(calls) >= {"opprop_upstream_fake::echo", "aten::add.Tensor"} and len(calls["aten::add.Tensor"]) <= seed.PER_OP
    about = seed.provenance(out)
    assert about["git_version"] == torch.version.git_version and about["files"][0]["path"] == "test_fake.py"
    written = (out / seed.FILE).read_text()
    assert cli.main(["corpus", "test_fake.py", "--pytorch-src", str(checkout), "--seed-out", str(out), "-k", "no_such_test"]) == 5
    assert "seed not written" in capsys.readouterr().out and (out / seed.FILE).read_text() == written


@pytest.mark.parametrize("argv, says", [
    (["corpus", "test_fake.py", "--pytorch-src", "/no/such/checkout"], "not a directory"),
    (["corpus", "test_missing.py", "--pytorch-src", "{src}"], "test_missing.py: no such test file under"),
    (["corpus", "/abs/test_fake.py", "--pytorch-src", "{src}"], "relative to PyTorch's test/ folder"),
    (["corpus", "--pytorch-src", "{src}"], "name at least one test file"),
])
def test_bad_input_is_one_line_and_exit_2(argv, says, checkout, capsys):
    assert cli.main([a.replace("{src}", str(checkout)) for a in argv]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1, err


def test_fetching_that_cannot_reach_github_says_so_in_one_line(monkeypatch, capsys, tmp_path):
    def offline(url):
        raise urllib.error.URLError("no network")

    monkeypatch.setattr(pytorch_tests, "_download", offline)
    assert cli.main(["corpus", "test_sparse.py", "--out", str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "cannot fetch https://raw.githubusercontent.com/pytorch/pytorch/" in err
    assert torch.version.git_version in err and "--pytorch-src" in err
    monkeypatch.setattr(torch.version, "git_version", "Unknown")  # a local build: nothing to fetch at
    assert cli.main(["corpus", "test_sparse.py", "--out", str(tmp_path / "c")]) == 2
    assert "has no git version" in capsys.readouterr().err


def test_fetching_takes_the_files_at_torchs_git_version_and_the_sibling_modules_they_import(tmp_path):
    served = {"test_sparse_csr.py": "import torch\nfrom test_sparse import CUSPARSE\nimport numpy\n",
              "test_sparse.py": "CUSPARSE = True\n"}
    asked = []

    def download(url):
        asked.append(url)
        name = url.rsplit("/test/", 1)[1]
        if name not in served:
            raise FileNotFoundError("HTTP 404")
        return served[name]

    files = pytorch_tests.fetch_files(["test_sparse_csr.py"], tmp_path, version="abc123", download=download)
    assert files == [tmp_path / "test_sparse_csr.py"] and (tmp_path / "test_sparse.py").read_text() == served["test_sparse.py"]
    assert asked == ["https://raw.githubusercontent.com/pytorch/pytorch/abc123/test/test_sparse_csr.py",
                     "https://raw.githubusercontent.com/pytorch/pytorch/abc123/test/test_sparse.py"]  # numpy is installed: not asked
    with pytest.raises(pytorch_tests.PytorchTestsError, match="no such test file at pytorch/pytorch@abc123"):
        pytorch_tests.fetch_files(["test_gone.py"], tmp_path, version="abc123", download=download)


def test_the_shipped_seed_loads_within_its_bound_and_says_where_it_came_from():
    assert seed.available()
    calls = corpus.read(seed.DIR)
    assert (seed.DIR / seed.FILE).stat().st_size <= seed.MAX_BYTES
    assert all(len(v) <= seed.PER_OP for v in calls.values())
    about = seed.provenance()
    assert about["git_version"] and about["calls"] == sum(len(v) for v in calls.values())
    assert {f["path"] for f in about["files"]} == {p.path for p in pytorch_tests.SEED_SUBSET}
    kinds = {s.layout for v in calls.values() for c in v for s in c.args if hasattr(s, "layout")}
    assert {"sparse_coo", "strided"} <= kinds and any(c.args[0].quant for v in calls.values() for c in v if hasattr(c.args[0], "quant"))
    for op in ("aten::_coalesce", "aten::quantize_per_tensor"):
        for call in calls[op]:
            call.build()  # every seeded call of these rebuilds


def test_compacting_keeps_a_few_calls_per_overload_and_drops_the_longest_past_the_bound(tmp_path):
    with opprop.checking(record=tmp_path / "rec"):
        for n in (40, 3, 25, 1, 7):
            torch.linspace(0.1, 0.9, n).add(1.5)  # literal values: a longer line for a longer tensor
        torch.arange(3000.0).sum()
    info = seed.compact(tmp_path / "rec", tmp_path / "seed", per_op=2)
    kept = corpus.read(tmp_path / "seed")
    assert [c.args[0].shape for c in kept["aten::add.Tensor"]] == [(1,), (3,)] and kept["aten::add.Tensor"][0].args[0].values  # the two smallest
    assert info["calls"] == sum(len(v) for v in kept.values())
    whole = (tmp_path / "seed" / seed.FILE).stat().st_size
    info = seed.compact(tmp_path / "rec", tmp_path / "small", per_op=2, max_bytes=whole - 1)
    assert info["dropped_over_size_bound"] == 1 and "aten::sum.default" not in corpus.read(tmp_path / "small")  # the 3000 values went
    assert (tmp_path / "small" / seed.FILE).stat().st_size <= whole - 1


def test_an_empty_tensor_whose_offset_lies_past_its_empty_storage_is_recorded(tmp_path):
    x = torch.zeros(5, 0, 2)[3]  # storage offset 6 into a storage of 0 bytes (test_sparse.py's test_coalesce makes these)
    with opprop.checking(record=tmp_path / "c") as found:
        x.add(x)
    assert not found.internal_errors
    [call] = corpus.read(tmp_path / "c")["aten::add.Tensor"]
    (a, b), _ = call.build()
    assert (a.shape, a.stride(), a.storage_offset()) == ((0, 2), (2, 1), 6)


def test_fuzz_starts_from_the_shipped_seed_by_default(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    op = "aten::_coalesce"  # uncoalesced sparse tensors only (schema draws call it validly about one time in five)
    assert corpus.read(seed.DIR)[op]
    proc, rep = run_fuzz(tmp_path, "--ops", op, "--jobs", "1", "--budget", "25", "--per-op-examples", "20",
                         "--database", str(tmp_path / "db"), "--summary", str(tmp_path / "s.md"))
    assert "corpus: the shipped seed corpus:" in proc.stdout and rep["corpus"]["seed"] is True
    assert "Started from the shipped seed corpus" in (tmp_path / "s.md").read_text()
    row = next(o for o in rep["ops"] if o["name"] == op)
    # one source beside the schema draws and their schedule (test_a_seed_adds_its_calls_beside...): its first draw is a
    # recorded call of test_sparse.py, valid where schema draws call _coalesce validly about one time in five
    assert row["examples"] and row["valid"] >= 1, row


def test_no_seed_turns_the_seed_off(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    proc, rep = run_fuzz(tmp_path, "--ops", "aten::_coalesce", "--no-seed", "--jobs", "1", "--budget", "8", "--per-op-examples", "5",
                         "--database", str(tmp_path / "db"))
    assert "corpus:" not in proc.stdout and "corpus" not in rep


def test_a_seed_adds_its_calls_beside_the_schema_draws_and_schedule_where_a_corpus_replaces_them(tmp_path, monkeypatch):
    import value_rule_ops  # noqa: F401  (opprop_rules::shift returns its input only at offset 0.0: a schedule row's value)
    from opprop.explore import session
    from opprop.explore.target import resolve

    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    monkeypatch.setenv(corpus.ENV, "")  # corpus.use sets it: restored after the test
    with opprop.checking(record=tmp_path / "rec"):
        torch.ops.opprop_rules.shift(torch.ones(2, 3), 1.5)  # the recorded call copies: no mutation makes offset 0
    seed.compact(tmp_path / "rec", tmp_path / "seed")  # as opprop corpus --seed-out writes the shipped seed
    target = resolve("opprop_rules::shift")
    for directory, is_seed in ((tmp_path / "seed", True), (tmp_path / "rec", False)):
        corpus.use(directory)  # what corpus_flag.use does for the shipped seed, and for --corpus DIR
        drawn = []
        run = session.Exploration(target, on_example=lambda call, *_: drawn.append(call["source"])).run(samples=-1, examples=30)
        found = {f.invariant for f in run.findings.values()}
        assert any(s.startswith("corpus:") for s in drawn), drawn  # the recorded call's mutations are drawn either way
        assert ("returns_input" in found) == is_seed, (directory, found, drawn)  # only a schedule row reaches offset 0
        assert (target.scheduled_strategy() is not None) == is_seed
