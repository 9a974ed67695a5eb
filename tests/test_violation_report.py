"""opprop report --issue on a fuzz run's journal: one upstream-ready report per root cause of its invariant findings,
each with a repro that runs alone in a fresh interpreter and the fix proven on a copy of the op."""
import json
import subprocess
import sys

from tests.support.runs import env
from opprop.reports import violation_report


def _opprop(*args, cwd):
    return subprocess.run([sys.executable, "-m", "opprop", *args], capture_output=True, text=True, cwd=cwd, env={**env(), "OPPROP_FIXES": "1"},
                          timeout=600)


def test_root_causes_merge_an_ops_family_and_the_invariants_one_fix_removes():
    def root(op, invariant, **detail):
        return violation_report.root_of({"aten_op": op, "invariant": invariant, "detail": detail})

    # the six _cast_* ops are one kernel template, returning their input
    assert root("aten::_cast_Byte", "outer_contract", contract="returns_input") == root("aten::_cast_Half", "outer_contract", contract="returns_input")
    # an output that is its input shows as returns_input and both use counts: one alias set (or clone) fixes them all
    assert root("aten::dequantize.self", "returns_input") == root("aten::dequantize.self", "storageimpl_use_count") == ("aten::dequantize", "alias")
    assert root("aten::add_.Tensor", "undeclared_mutation") == root("aten::add.out", "undeclared_mutation")
    assert root("aten::dequantize.self", "undeclared_mutation") != root("aten::dequantize.self", "returns_input")
    assert root("aten::_indices", "tensorimpl_use_count") != root("aten::_values", "tensorimpl_use_count")


def test_a_fuzz_journal_gets_one_report_per_root_cause_each_repro_standing_alone(tmp_path):
    fuzz = _opprop("fuzz", "--ops", "opprop_test::return_input", "opprop_test::mutate_input", "--import", "custom_ops", "--jobs", "1",
                   "--budget", "60", "--journal", "j.jsonl", "--database", "db", "--report", "r.json", cwd=tmp_path)
    assert fuzz.returncode == 0, fuzz.stderr[-2000:]
    # the fuzz run prints each new finding's fix and carries it in its report
    assert "opprop_test::return_input / returns_input: fix: opprop_test::return_input(Tensor(a) x) -> Tensor(a); kernel: " in fuzz.stdout
    fixed = {(f["aten_op"], f["invariant"]): f.get("fix") for f in json.loads((tmp_path / "r.json").read_text())["findings"]}
    assert fixed[("opprop_test::mutate_input", "undeclared_mutation")]["schema"] == "opprop_test::mutate_input(Tensor(a!) x) -> Tensor"
    made = _opprop("report", "--issue", "j.jsonl", "--import", "custom_ops", "--out", "crashes", "--md", "issues.md", "--json", "rep.json",
                   cwd=tmp_path)
    assert made.returncode == 0, made.stderr[-2000:]
    groups = json.loads((tmp_path / "rep.json").read_text())["violation_groups"]
    by_root = {tuple(g["root"]): g for g in groups}
    assert set(by_root) == {("opprop_test::return_input", "alias"), ("opprop_test::mutate_input", "mutation")}
    returned = by_root[("opprop_test::return_input", "alias")]
    assert returned["findings"] > 1 and "returns_input" in returned["invariants"]  # its use counts too: one report
    assert returned["fix"]["schema"] == "opprop_test::return_input(Tensor(a) x) -> Tensor(a)" and returned["fix"]["verdict"] == "verified"
    assert by_root[("opprop_test::mutate_input", "mutation")]["fix"]["schema"] == "opprop_test::mutate_input(Tensor(a!) x) -> Tensor"
    for g in groups:  # each repro, alone in a fresh interpreter, still breaks what its report says
        script = tmp_path / "repro.py"
        script.write_text(g["script"])
        ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
        assert ran.returncode == 0 and ran.stdout.strip().splitlines()[-1].endswith(": reproduces"), ran.stdout + ran.stderr
        assert g["ran"].endswith(": reproduces")
    issues = (tmp_path / "issues.md").read_text()
    assert "# opprop: 2 violation report(s), one per root cause" in issues
    assert "+  func: return_input(Tensor(a) x) -> Tensor(a)" in issues and "### Versions" in issues and "(git " in issues


def test_a_fix_whose_proof_runs_out_of_time_says_so(monkeypatch):
    import torch

    import custom_ops  # noqa: F401
    from opprop.check.runner import run_call
    from opprop.core.calls import Call
    from opprop.reduce import fixes

    op = torch.ops.opprop_test.mutate_input.default
    (finding,) = [f for f in run_call(Call("opprop_test::mutate_input", op, (torch.ones(3),), {})).findings if f.invariant == "undeclared_mutation"]
    monkeypatch.setenv("OPPROP_FIXES", "1")
    lines = []
    (late,) = fixes.for_new_findings([finding], timeout=0.01, log=lines.append).values()
    assert late.verdict == "unverifiable" and late.why == "the proof timed out after 0.01 s"
    assert lines == ["  opprop_test::mutate_input / undeclared_mutation: fix: none found [unverifiable: the proof timed out after 0.01 s]"]
    report = [finding.as_json()]
    fixes.attach(report, {fixes.key(finding): late})
    assert report[0]["fix"]["why"] == "the proof timed out after 0.01 s"
    monkeypatch.setenv("OPPROP_FIXES", "0")  # (what the rest of the tests run with): no proof, and the finding says so
    lines = []
    assert fixes.for_new_findings([finding], log=lines.append) == {}
    assert lines == ["  opprop_test::mutate_input / undeclared_mutation: fix: not computed (OPPROP_FIXES=0)"]


def test_the_ledger_reports_one_root_cause_per_op_family_from_its_expect_files(tmp_path):
    """dequantize.self's three ledgered entries (returns_input and both use counts) are one root cause: one report, whose
    repro is the expect file's code, run alone; its fix is the clone the grown calls leave (Tensor(a) makes a quantized
    input's fresh output a declared view that copies)."""
    from pathlib import Path

    from opprop.core import ledger as ledger_mod

    root = Path(__file__).resolve().parent.parent
    rows = [f'[[known]]\naten_op = "aten::dequantize.self"\ninvariant = "{inv}"\nreason = "test"\nvisible = "public_api"\n'
            f'expect = "{root}/expected/aten.dequantize.self--{inv}.py"\n' for inv in ("returns_input", "storageimpl_use_count", "tensorimpl_use_count")]
    (tmp_path / "ledger.toml").write_text("\n".join(rows))
    ledger = ledger_mod.load(tmp_path / "ledger.toml")
    findings = violation_report.ledger_findings(ledger)
    assert len(findings) == 3
    (group,) = violation_report.group(findings, ledger, log=lambda m: None)
    assert group.root == ("aten::dequantize", "alias") and group.first["invariant"] == "returns_input"
    assert group.script.startswith("import sys") and "OPPROP" not in group.script and "EXPECTED" not in group.script
    assert group.ran == "returns_input: reproduces"
    assert group.fix["verdict"] == "verified" and "clone" in group.fix["kernel"] and group.public == "public_api"
    text = violation_report.render(group, torch_version="2.13.0+cpu", git_version="abc")
    assert "Its schema: `aten::dequantize.self(Tensor self) -> Tensor`" in text and "Reached from: `public_api`" in text


def test_a_repro_whose_output_is_a_huge_expand_reads_its_bytes_without_listing_each_element(tmp_path):
    """aten::_remove_batch_dim on a 0-d tensor with out_dim 1 (the sweep's shrunk call) returns an expand of 2**35
    elements of stride 0: the repro's overlap check leaves stride-0 dims out, so it reproduces instead of running out
    of memory listing every element."""
    import subprocess
    import sys

    from opprop.core.specs import CallSpec
    from opprop.reduce import repro

    spec = CallSpec.from_json({"op": "aten::_remove_batch_dim", "args": [{"tensor": {"dtype": "float32", "shape": [], "fill": "zeros"}}, 0, 0, 1], "kwargs": {}})
    script = tmp_path / "remove_batch_dim.py"
    script.write_text(repro.emit(spec, "outer_contract"))
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-400:]
    assert run.stdout.rstrip().endswith("outer_contract: reproduces"), run.stdout
