"""opprop.checking(): findings from user code, with file:line and the ledger's verdict; fail_on_new; bad input."""
import builtins
import io
import sys
import tomllib
from pathlib import Path

import pytest
import torch

import opprop
from opprop.check import catalog
from opprop.core import ledger
from opprop.checking_context import checking

from custom_ops import ops as custom  # noqa: F401  (registers opprop_test::*)

HERE = Path(__file__).name


def _quantized():
    return torch.quantize_per_channel(torch.randn(2, 3), torch.tensor([0.1, 0.2]), torch.tensor([0, 0]), 0, torch.quint8)


def test_reports_ledgered_violations_in_user_code_as_known_with_the_calling_line():
    q = _quantized()
    x = torch.randn(3)
    with opprop.checking() as found:
        q.q_per_channel_scales(); line_scales = sys._getframe().f_lineno
        x.dequantize(); line_dequantize = sys._getframe().f_lineno
    by_key = {f.key: f for f in found.findings}
    scales = by_key[("aten::q_per_channel_scales", catalog.TENSOR_IMPL)]
    dequantize = by_key[("aten::dequantize.self", catalog.RETURNS_INPUT)]
    assert scales.known and dequantize.known and not found.new
    assert scales.where.endswith(f"{HERE}:{line_scales}")
    assert dequantize.where.endswith(f"{HERE}:{line_dequantize}")
    assert scales.detail == {"use_count": 2} and scales.inputs["self"]["qscheme"] == "per_channel_affine"
    assert dequantize.entry.reason.startswith("dequantize on a float32 tensor returns its input")


def test_fail_on_new_raises_at_exit_one_line_per_new_finding():
    x = torch.randn(3)
    with pytest.raises(opprop.checking.NewFindings) as raised:
        with opprop.checking(fail_on_new=True):
            torch.ops.opprop_test.return_input(x)
    lines = str(raised.value).splitlines()
    assert lines[0].startswith("opprop: 2 new finding(s)")
    assert any("[NEW] returns_input: opprop_test::return_input" in line for line in lines[1:])
    assert all(HERE in line for line in lines[1:])
    assert len(lines) == 3  # returns_input and tensorimpl_use_count, one line each


def test_decorator_and_known_findings_do_not_fail():
    @checking(fail_on_new=True)
    def user_code():
        return _quantized().q_per_channel_scales()

    assert user_code().shape == (2,)


def test_a_clean_custom_op_has_no_finding():
    with checking(fail_on_new=True) as found:
        torch.ops.opprop_test.clean(torch.randn(3))
    assert found.findings == []


def test_an_exception_inside_keeps_its_own_type_and_the_findings_before_it():
    x = torch.randn(3)
    found = checking(fail_on_new=True)
    with pytest.raises(KeyError) as raised:
        with found:
            torch.ops.opprop_test.return_input(x)
            raise KeyError("user's own")
    assert {f.invariant for f in found.new} == {catalog.RETURNS_INPUT, catalog.TENSOR_IMPL}
    assert any("opprop_test::return_input" in note for note in raised.value.__notes__)


def test_options_choose_invariants_and_snapshot_policy():
    x = torch.randn(3)
    with checking(invariants=[catalog.TENSOR_IMPL], snapshot_data="all") as found:
        torch.ops.opprop_test.return_input(x)
    assert {f.invariant for f in found.findings} == {catalog.TENSOR_IMPL}
    with pytest.raises(ValueError, match="unknown invariant"):
        with checking(invariants=["no_such_check"]):
            pass
    with pytest.raises(ValueError, match="snapshot_data"):
        checking(snapshot_data="some")


def test_capture_calls_keeps_the_aten_call_that_reproduces_alone():
    from opprop.reduce.capture import reproduces

    with checking(capture_calls=True) as found:
        torch.ops.opprop_test.mutate_input(torch.zeros(2))
    (f,) = [f for f in found.findings if f.invariant == catalog.UNDECLARED_MUTATION]
    assert f.call is not None and f.call.op == "opprop_test::mutate_input"
    from opprop.core.specs import build_tensor

    assert torch.equal(build_tensor(f.call.args[0]), torch.zeros(2))  # the input as it was before the op wrote it
    assert reproduces(f.call, catalog.UNDECLARED_MUTATION)


def test_the_users_own_ledger_adds_to_the_shipped_one(tmp_path, monkeypatch):
    monkeypatch.delenv("OPPROP_LEDGER", raising=False)
    (tmp_path / "expected").mkdir()
    (tmp_path / "expected" / "ledger.toml").write_text(
        '[[known]]\naten_op = "opprop_test::return_input"\ninvariant = "returns_input"\nreason = "on purpose in this test"\n'
    )
    monkeypatch.chdir(tmp_path)
    known = ledger.load()
    assert known.get("opprop_test::return_input", "returns_input").reason == "on purpose in this test"
    assert known.get("aten::q_per_channel_scales", catalog.TENSOR_IMPL) is not None  # the shipped entries stay
    with checking() as found:
        torch.ops.opprop_test.return_input(torch.randn(2))
    assert {(f.invariant, f.known) for f in found.findings} == {(catalog.RETURNS_INPUT, True), (catalog.TENSOR_IMPL, False)}


def test_a_second_empty_block_reads_no_ledger_file_and_a_changed_one_is_read_again(tmp_path, monkeypatch):
    """checking() loads the ledger on every entry (real code enters it per step): what it read it keeps, per file version."""
    monkeypatch.delenv("OPPROP_LEDGER", raising=False)
    (tmp_path / "expected").mkdir()
    user = tmp_path / "expected" / "ledger.toml"
    user.write_text('[[known]]\naten_op = "aten::x"\ninvariant = "returns_input"\nreason = "r"\n')
    monkeypatch.chdir(tmp_path)
    with checking():
        pass
    reads = []
    real_open = io.open

    def counting_open(file, mode="r", *args, **kwargs):
        if "r" in mode and isinstance(file, str | Path):
            reads.append(Path(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(io, "open", counting_open)
    monkeypatch.setattr(builtins, "open", counting_open)
    with checking() as block:
        pass
    assert reads == [] and block.ledger.get("aten::x", "returns_input").reason == "r"
    assert block.ledger.get("aten::q_per_channel_scales", catalog.TENSOR_IMPL) is not None  # the shipped ledger's too
    user.write_text('[[known]]\naten_op = "aten::x"\ninvariant = "returns_input"\nreason = "rewritten"\n')
    with checking() as block:
        pass
    assert reads == [user] and block.ledger.get("aten::x", "returns_input").reason == "rewritten"


def test_the_ledger_splits_on_op_and_invariant_not_the_op_alone(tmp_path):
    """What the property tests and the fuzz summary fail on: the op's unledgered violation stays new."""
    path = tmp_path / "ledger.toml"
    path.write_text('[[known]]\naten_op = "opprop_test::return_input"\ninvariant = "returns_input"\nreason = "r"\n')
    with checking() as found:
        torch.ops.opprop_test.return_input(torch.randn(2))
    new, known = ledger.load(path).split(found.findings)
    assert [f.key for f in known] == [("opprop_test::return_input", catalog.RETURNS_INPUT)]
    assert [f.key for f in new] == [("opprop_test::return_input", catalog.TENSOR_IMPL)]


def test_the_ledger_ships_inside_the_package_as_a_link_to_expected():
    """A copy could drift from expected/ledger.toml (which ``opprop shrink`` writes); package data must name it."""
    assert ledger.PACKAGED.parent == Path(opprop.__file__).parent
    assert ledger.PACKAGED.is_symlink() and ledger.PACKAGED.resolve() == (ledger.REPO_ROOT / "expected" / "ledger.toml").resolve()
    pyproject = tomllib.loads((ledger.REPO_ROOT / "pyproject.toml").read_text())
    assert "ledger.toml" in pyproject["tool"]["setuptools"]["package-data"]["opprop"]


def test_hit_by_is_read_checked_and_written_back(tmp_path):
    path = tmp_path / "ledger.toml"
    path.write_text('[[known]]\naten_op = "aten::x"\ninvariant = "returns_input"\nreason = "r"\nhit_by = ["a", "b.c"]\n')
    entry = ledger.load(path).get("aten::x", "returns_input")
    assert entry.hit_by == ("a", "b.c") and ledger.load(path).expected_from("b.c") == [entry]
    path.write_text(ledger.render([entry]))
    assert ledger.load(path).get("aten::x", "returns_input") == entry
    path.write_text('[[known]]\naten_op = "aten::x"\ninvariant = "returns_input"\nreason = "r"\nhit_by = "a"\n')
    with pytest.raises(ledger.LedgerError, match="not a list of target names"):
        ledger.load(path)


@pytest.mark.parametrize("text, message", [("[[known]\n", "not valid TOML"), ('[[known]]\naten_op = "x"\n', "missing field")])
def test_a_malformed_ledger_is_one_line(tmp_path, monkeypatch, text, message):
    bad = tmp_path / "ledger.toml"
    bad.write_text(text)
    monkeypatch.setenv("OPPROP_LEDGER", str(bad))
    with pytest.raises(ledger.LedgerError) as raised:
        checking()
    assert message in str(raised.value) and str(bad) in str(raised.value) and "\n" not in str(raised.value)


def test_reports_at_the_end_of_a_run_survive_a_malformed_ledger_with_a_one_line_warning(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "ledger.toml"
    bad.write_text("[[known]\n")
    monkeypatch.setenv("OPPROP_LEDGER", str(bad))
    assert ledger.load_or_empty().entries == {}
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not valid TOML" in err and "every finding is reported as new" in err


def test_a_finding_whose_values_matter_becomes_an_expect_file_with_literal_values(tmp_path, monkeypatch):
    """Captured from user code, shrunk (what cannot be reduced stays literal), written, replayed in a fresh interpreter."""
    import realcode_ops
    from opprop.reduce import expectfile
    from opprop.reduce.regressions import write_expected

    monkeypatch.chdir(tmp_path)
    x = torch.tensor([2.0, -1.0, 0.375, 4.0])
    with checking(capture_calls=True) as found:
        torch.ops.opprop_realcode.keep_if_marked(x * 1)  # an input a previous call produced
        torch.ops.opprop_realcode.keep_if_marked(torch.ones(3))  # unmarked: a fresh tensor, no finding
    (f,) = [f for f in found.findings if f.invariant == catalog.RETURNS_INPUT]
    assert f.call is not None and f.call.args[0].values == (2.0, -1.0, 0.375, 4.0)
    (written,) = write_expected([f], tmp_path / "out", definitions={"opprop_realcode": realcode_ops.__file__}, log=lambda line: None)
    path, entry = written.path, written.entry
    ef = expectfile.load(path)
    (tensor,) = ef.repro.tensors()
    assert tensor.fill == "values" and 0.375 in tensor.values and len(tensor.values) < 4  # shrunk, the marker kept
    assert entry.key == ("opprop_realcode::keep_if_marked", catalog.RETURNS_INPUT)
    assert "LIB.impl(\"keep_if_marked\"" in path.read_text()  # needs nothing but torch
    assert expectfile.replay(path, accept=False).status == "same"


def test_opprop_checking_is_the_context_manager_whatever_else_was_imported():
    import importlib

    importlib.import_module("opprop.checking_context")  # importing the module does not rebind opprop.checking
    assert opprop.checking is checking
    with opprop.checking(invariants=[catalog.RETURNS_INPUT]) as found:
        torch.ops.opprop_test.return_input(torch.randn(2))
    assert [f.invariant for f in found.findings] == [catalog.RETURNS_INPUT]


def test_import_opprop_does_not_import_torch():
    """The pytest plugin's entry point imports opprop in every pytest run: it must stay cheap until --opprop."""
    import subprocess

    code = "import sys, opprop, opprop.pytest_plugin; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
