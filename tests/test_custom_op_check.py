"""Custom torch.library ops: ``opprop check`` and ``opprop fuzz`` find their invariant and write standalone repros."""
import re
import subprocess
import sys

import pytest

from opprop.cli import main as cli

from tests.support.runs import env, keys, run_fuzz

BROKEN = [
    ("opprop_test::hold_output", "tensorimpl_use_count", "tensorimpl_use_count: opprop_test::hold_output output 0 (use_count=2)"),
    ("opprop_test::return_input", "returns_input", "returns_input: opprop_test::return_input output 0 (is_input=x)"),
]


@pytest.mark.parametrize("op, invariant, expected", BROKEN)
def test_check_custom_op_finds_it_and_writes_a_minimal_repro(op, invariant, expected, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    out_dir = tmp_path / "expected"
    assert cli.main(["check", op, "--import", "custom_ops", "--examples", "10", "--write-expected", str(out_dir)]) == 0
    out = capsys.readouterr().out
    assert expected in out
    # no fixed samples exist for a custom op: the drawn, schema-driven calls found it
    assert f"{op}: 0 examples" in out and f"{op} (drawn): 10 examples, 10 valid" in out
    repro = out_dir / f"{op.replace('::', '.')}--{invariant}.py"
    text = repro.read_text()
    assert 'torch.library.Library("opprop_test", "DEF")' in text  # the op's definition travels with the repro
    assert re.search(r"^x = torch\.zeros\((0|1|\(\)|\[\])[,)]", text, re.M), text  # shrunk to at most one zero
    # it stands alone: a fresh interpreter, without the tests on its path, reproduces the violation
    run = subprocess.run([sys.executable, str(repro)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert f"{invariant}: reproduces" in run.stdout, run.stdout + run.stderr


def test_check_clean_custom_op_reports_nothing(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    assert cli.main(["check", "opprop_test::clean", "--import", "custom_ops", "--examples", "10"]) == 0
    assert capsys.readouterr().out.strip().endswith("0 finding(s)")


def test_import_of_missing_module_exits_2(capsys):
    assert cli.main(["check", "opprop_test::clean", "--import", "no_such_module_here"]) == 2
    assert "cannot import 'no_such_module_here'" in capsys.readouterr().err


def test_fuzz_a_custom_namespace(tmp_path, monkeypatch):
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    monkeypatch.setenv("OPPROP_LEDGER", str(empty))
    out_dir = tmp_path / "expected"
    _, rep = run_fuzz(tmp_path, "--import", "custom_ops", "--ops", "opprop_test::*", "--jobs", "1", "--budget", "60", "--per-op-examples", "1000",
                      "--database", str(tmp_path / "db"), "--write-expected", str(out_dir))
    assert sorted(o["name"] for o in rep["ops"]) == [
        "opprop_test::alias_input", "opprop_test::alias_other", "opprop_test::clean",
        "opprop_test::hold_output", "opprop_test::mutate_input", "opprop_test::one_tensor_twice", "opprop_test::return_input",
    ]
    found = keys(rep)
    assert {
        ("opprop_test::hold_output", "tensorimpl_use_count"),
        ("opprop_test::return_input", "returns_input"),
        ("opprop_test::alias_input", "undeclared_alias"),
        ("opprop_test::alias_other", "undeclared_alias"),
        ("opprop_test::mutate_input", "undeclared_mutation"),
    } <= found
    assert not any(op == "opprop_test::clean" for op, _ in found)
    repro = out_dir / "opprop_test.hold_output--tensorimpl_use_count.py"
    run = subprocess.run([sys.executable, str(repro)], capture_output=True, text=True, cwd=tmp_path, timeout=120, env={**env(), "PYTHONPATH": ""})
    assert "tensorimpl_use_count: reproduces" in run.stdout, run.stdout + run.stderr
