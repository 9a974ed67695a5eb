"""``opprop check --import`` on custom torch.library ops finds their invariant through schema-driven draws."""
import pytest

from opprop import cli


@pytest.mark.parametrize(
    "op, expected",
    [
        ("opprop_test::hold_output", "tensorimpl_use_count: opprop_test::hold_output output 0 (use_count=2)"),
        ("opprop_test::return_input", "returns_input: opprop_test::return_input output 0 (is_input=x)"),
    ],
)
def test_check_custom_op(op, expected, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    assert cli.main(["check", op, "--import", "custom_ops", "--examples", "10"]) == 0
    out = capsys.readouterr().out
    assert expected in out
    # no fixed samples exist for a custom op: the drawn, schema-driven calls found it
    assert f"{op}: 0 examples" in out and f"{op} (drawn): 10 examples, 10 valid" in out


def test_check_clean_custom_op_reports_nothing(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    assert cli.main(["check", "opprop_test::clean", "--import", "custom_ops", "--examples", "10"]) == 0
    assert capsys.readouterr().out.strip().endswith("0 finding(s)")


def test_import_of_missing_module_exits_2(capsys):
    assert cli.main(["check", "opprop_test::clean", "--import", "no_such_module_here"]) == 2
    assert "cannot import 'no_such_module_here'" in capsys.readouterr().err
