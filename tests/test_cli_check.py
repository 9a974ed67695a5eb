"""``opprop check`` as a user runs it."""
import json
import subprocess
import sys

from opprop.cli import main as cli


def test_check_q_per_channel_scales(capsys, tmp_path):
    report = tmp_path / "r.json"
    assert cli.main(["check", "q_per_channel_scales", "--json", str(report)]) == 0
    out = capsys.readouterr().out
    assert "tensorimpl_use_count: aten::q_per_channel_scales output 0 (use_count=2)" in out
    data = json.loads(report.read_text())
    assert {"torch_version", "device", "findings", "ops"} <= set(data)
    f = next(f for f in data["findings"] if f["aten_op"] == "aten::q_per_channel_scales")
    assert set(f) >= {"aten_op", "called_op", "invariant", "output_index", "detail", "inputs"}
    assert {"name", "examples", "valid", "errors", "seconds"} <= set(data["ops"][0])


def test_check_dequantize_self_reports_returns_input(capsys):
    assert cli.main(["check", "aten::dequantize.self"]) == 0
    assert "returns_input: aten::dequantize.self output 0 (is_input=self)" in capsys.readouterr().out


def test_check_clean_opinfo_reports_nothing(capsys):
    assert cli.main(["check", "mul"]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith("0 finding(s)")


def test_unknown_op_exits_2_with_one_line():
    proc = subprocess.run([sys.executable, "-m", "opprop", "check", "no_such_op"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr == "opprop: error: unknown op 'no_such_op'\n"
    assert proc.stdout == ""


def test_bad_flag_exits_2_with_one_line(capsys):
    assert cli.main(["check", "add", "--no-such-flag"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("opprop: error:") and err.count("\n") == 1


def test_help_imports_no_torch():
    """Every command module is imported to build the parser: none may pull torch in (seconds per ``opprop --help``)."""
    code = "import sys\nfrom opprop.cli import main\ntry:\n    main.main(['--help'])\nexcept SystemExit:\n    pass\nprint('torch' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.stdout.strip().splitlines()[-1] == "False", proc.stdout + proc.stderr


def test_a_new_findings_proven_fix_is_printed_beside_it_and_carried_in_the_report(capsys, tmp_path, monkeypatch):
    """The check's route for a fix (``fixes.for_new_findings``, proven apart, then ``fixes.attach``): the rest of the
    tests run with OPPROP_FIXES=0, so this one turns proofs on and follows a custom op's finding to the report."""
    import custom_ops  # noqa: F401  (registers opprop_test::*, unledgered: every finding on it is new)

    monkeypatch.setenv("OPPROP_FIXES", "1")
    report = tmp_path / "r.json"
    assert cli.main(["check", "opprop_test::mutate_input", "--import", "custom_ops", "--examples", "5", "--json", str(report)]) == 0
    fix = "fix: opprop_test::mutate_input(Tensor(a!) x) -> Tensor [verified]"
    assert f"  opprop_test::mutate_input / undeclared_mutation: {fix}" in capsys.readouterr().out
    (found,) = [f for f in json.loads(report.read_text())["findings"] if f["invariant"] == "undeclared_mutation"]
    assert found["fix"]["schema"] == "opprop_test::mutate_input(Tensor(a!) x) -> Tensor" and found["fix"]["verdict"] == "verified"


def test_an_unknown_name_suggests_the_opinfo_and_the_overload_of_the_op_it_nearly_names(capsys):
    """``conv2``: the OpInfo nn.functional.conv2d and the overload aten::conv2d, by their bare names, not cov or conj."""
    assert cli.main(["check", "conv2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("opprop: error: unknown op 'conv2' (did you mean: ") and err.count("\n") == 1
    suggested = err.partition("did you mean: ")[2].removesuffix("?)\n").split(", ")
    assert set(suggested[:2]) == {"nn.functional.conv2d", "aten::conv2d"}
