"""``INTERNAL ASSERT FAILED`` is a bug by PyTorch's own wording: a finding with its input, never a rejected example."""
import torch

import internal_assert_ops  # noqa: F401  (registers opprop_asserts::checked and ::_unchecked)
from tests.support.runs import run_fuzz
from opprop.check import runner
from opprop.core.outcomes import OutcomeKind
from opprop.core.calls import Call
from opprop.reports import fuzz_summary as summary
from opprop.core.ledger import Ledger

CHECKED = torch.ops.opprop_asserts.checked.default
UNCHECKED = torch.ops.opprop_asserts._unchecked.default


def test_a_public_op_s_internal_assert_is_a_finding_with_its_input():
    result = runner.run_call(Call("opprop_asserts::checked", CHECKED, (torch.ones(2, 3),), source="schema"))
    assert result.valid  # not a rejected input
    (f,) = result.findings
    assert f.invariant == OutcomeKind.INTERNAL_ASSERT and f.aten_op == "opprop_asserts::checked"
    assert f.inputs["x"]["shape"] == [2, 3] and "INTERNAL ASSERT FAILED" in f.detail["error"]
    assert f.detail["private"] is False


def test_an_opinfo_function_s_assert_is_keyed_by_the_overload_that_raised_it():
    """An OpInfo sample calls a Python function, not an overload: its assert is keyed by the ATen overload the mode saw
    raise that very error (``as_strided_scatter`` asserts a contiguous ``self`` when it requires grad), so the finding
    and the ledger name one op however it was drawn."""
    def sample(x, src):  # as an OpInfo's op runs: a Python function, some calls before the one that asserts
        return torch.as_strided_scatter(x, src.sin(), (2, 2), (2, 1))

    x = torch.zeros(3).as_strided((3, 3), (0, 1)).requires_grad_()
    result = runner.run_call(Call("as_strided_scatter", sample, (x, torch.zeros(2, 2))))
    assert [(f.aten_op, f.called_op, f.invariant) for f in result.findings] == [
        ("aten::as_strided_scatter", "as_strided_scatter", OutcomeKind.INTERNAL_ASSERT)]
    # an error the mode did not see raised (here: raised after the last op returned) keeps the call's own name
    def after(x):
        x.sin()
        raise RuntimeError("x INTERNAL ASSERT FAILED at \"f.cpp\":1, please report a bug to PyTorch.")

    (late,) = runner.run_call(Call("late_assert", after, (torch.ones(2),))).findings
    assert late.aten_op == "late_assert"


def test_other_errors_stay_rejections_and_clean_calls_stay_clean():
    assert runner.run_call(Call("opprop_asserts::checked", CHECKED, (torch.ones(3),))).findings == []
    rejected = runner.run_call(Call("aten::mm", torch.ops.aten.mm.default, (torch.ones(2, 3), torch.ones(2, 3))))
    assert not rejected.valid and rejected.findings == []


def test_a_private_overload_s_schema_draw_is_reported_apart_and_never_counts_as_rejected():
    result = runner.run_call(Call("opprop_asserts::_unchecked", UNCHECKED, (torch.ones(2, 3),), source="schema"))
    assert result.valid  # a bug, not a refusal of the input (tests/test_bugs_never_refusals.py)
    (f,) = result.findings
    assert f.invariant == OutcomeKind.INTERNAL_ASSERT and f.detail["private"] is True
    # called through a public entry point (a sample, an OpInfo, user code), the same assert is a plain finding
    public = runner.run_call(Call("opprop_asserts::_unchecked", UNCHECKED, (torch.ones(2, 3),), source="sample"))
    assert public.valid and public.findings[0].detail["private"] is False


def test_a_real_private_aten_op_s_internal_assert_is_recorded():
    """_nested_view_from_buffer asserts its buffer is 1-d (NestedTensorMath.cpp), a precondition it leaves to its callers."""
    op = torch.ops.aten._nested_view_from_buffer.default
    sizes = torch.tensor([[2]])
    call = Call("aten::_nested_view_from_buffer", op, (torch.ones(2, 2), sizes, torch.tensor([[1]]), torch.tensor([0])), source="schema")
    result = runner.run_call(call)
    assert [f.invariant for f in result.findings] == [OutcomeKind.INTERNAL_ASSERT] and result.findings[0].detail["private"]


def test_fuzz_reports_public_asserts_as_findings_and_private_ones_in_their_own_section(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "validity.json"))  # start cold: nothing learned by earlier runs
    _, rep = run_fuzz(tmp_path, "--import", "internal_assert_ops", "--ops", "opprop_asserts::*", "--jobs", "1", "--budget", "60",
                      "--per-op-examples", "40", "--database", str(tmp_path / "db"))
    public = [f for f in rep["findings"] if f["invariant"] == "internal_assert"]
    assert [f["aten_op"] for f in public] == ["opprop_asserts::checked"]
    assert [f["aten_op"] for f in rep["private_internal_asserts"]] == ["opprop_asserts::_unchecked"]
    assert all(len(f["inputs"]["x"]["shape"]) == 2 for f in public + rep["private_internal_asserts"])
    text = summary.render_markdown(rep, Ledger(path=None, entries={}))
    new = text.split("## New findings", 1)[1].split("## ", 1)[0]
    assert "opprop_asserts::checked" in new and "_unchecked" not in new
    assert "## Internal asserts in private overloads, from schema draws (1)" in text
