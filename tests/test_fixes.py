"""Each finding's proposed fix, proven on a scratch copy of the op: torch.library ops that misbehave in one way each,
whose correct schema (or kernel change) is known, get exactly that fix, verified; a wrong fix is refuted."""
import pytest
import torch

import cia_ops  # noqa: F401  (registers opprop_cia::*)
import custom_ops  # noqa: F401  (registers opprop_test::*)
from opprop.check.runner import run_call
from opprop.core.calls import Call
from opprop.reduce import fixes
from opprop.reduce.fixes import verify


def _finding(op_name: str, invariant: str, *args):
    namespace, _, name = op_name.partition("::")
    op = getattr(getattr(torch.ops, namespace), name).default
    found = [f for f in run_call(Call(op_name, op, args, {}, source="repro")).findings if f.invariant == invariant]
    assert found, f"{op_name} no longer breaks {invariant}: the test op lost its bug"
    return found[0]


@pytest.mark.parametrize("op_name, invariant, schema, kernel", [
    # returns its input: the alias set on both, and (not being composite) a fresh TensorImpl for the output
    ("opprop_test::return_input", "returns_input", "opprop_test::return_input(Tensor(a) x) -> Tensor(a)", "alias()"),
    # its output is a view of its input: the alias set alone
    ("opprop_test::alias_input", "undeclared_alias", "opprop_test::alias_input(Tensor(a) x) -> Tensor(a)", ""),
    # writes its input: the argument marked written
    ("opprop_test::mutate_input", "undeclared_mutation", "opprop_test::mutate_input(Tensor(a!) x) -> Tensor", ""),
    # a list keeps its output alive (a cache): no schema says so, the kernel must return a clone
    ("opprop_test::hold_output", "tensorimpl_use_count", "", "return a clone of output 0"),
    # declared a view of x, a view of y: the annotation moves to y
    ("opprop_test::alias_other", "view_copies", "opprop_test::alias_other(Tensor x, Tensor(a) y) -> Tensor(a)", ""),
    # composite ops, checked around the whole call: their own schema gets the annotation
    ("opprop_cia::returns_self", "outer_contract", "opprop_cia::returns_self(Tensor(a) x) -> Tensor(a)", ""),
    ("opprop_cia::mutates", "outer_contract", "opprop_cia::mutates(Tensor(a!) x) -> Tensor", ""),
])
def test_fix_is_the_known_schema_and_verified(op_name, invariant, schema, kernel):
    args = (torch.ones(3), torch.ones(3)) if op_name.endswith("alias_other") else (torch.ones(3),)
    fix = fixes.for_finding(_finding(op_name, invariant, *args))
    assert fix.verdict == "verified", fix.one_line()
    assert fix.schema == schema
    assert (kernel in fix.kernel) if kernel else not fix.kernel
    assert fix.no_schema == (not schema)
    assert fix.one_line().startswith(f"fix: {schema or 'kernel: '}") and fix.one_line().endswith("[verified]")


def test_mutation_fix_notes_functionalization():
    fix = fixes.for_finding(_finding("opprop_test::mutate_input", "undeclared_mutation", torch.ones(3)))
    assert "functionalization" in fix.note
    assert fix.diff() == "-  func: mutate_input(Tensor x) -> Tensor\n+  func: mutate_input(Tensor(a!) x) -> Tensor"


def test_a_wrong_fix_is_refuted_saying_which_finding_remains():
    finding = _finding("opprop_test::alias_other", "view_copies", torch.ones(3), torch.ones(3))
    op = torch.ops.opprop_test.alias_other.default
    # the schema as it is: the same finding
    same = verify.verify(op, str(op._schema), "", (), "view_copies", [finding.call])
    assert same.verdict == "refuted" and same.why.startswith("the same finding remains: view_copies")
    # the annotation dropped: no view_copies any more, but a non-view output now shares y's storage
    dropped = verify.verify(op, "opprop_test::alias_other(Tensor x, Tensor y) -> Tensor", "", (), "view_copies", [finding.call])
    assert dropped.verdict == "refuted" and dropped.why.startswith("a new finding: storageimpl_use_count output 0")


def test_a_fix_that_makes_a_new_violation_is_refuted():
    """hold_output's clone declared a view of x: the use count is fixed, but the 'view' is fresh memory."""
    finding = _finding("opprop_test::hold_output", "tensorimpl_use_count", torch.ones(3))
    op = torch.ops.opprop_test.hold_output.default
    verdict = verify.verify(op, "opprop_test::hold_output(Tensor(a) x) -> Tensor(a)", "clone_output", (0,), "tensorimpl_use_count", [finding.call])
    assert verdict.verdict == "refuted" and verdict.why.startswith("a new finding: view_copies")


def test_real_op_early_return_gets_alias_and_verifies():
    """aten::dequantize.self returns a float input itself (ledgered): Tensor(a) plus a fresh TensorImpl, proven on the copy."""
    op = torch.ops.aten.dequantize.self
    found = [f for f in run_call(Call("aten::dequantize.self", op, (torch.ones(3),), {}, source="repro")).findings if f.invariant == "returns_input"]
    fix = fixes.for_finding(found[0])
    assert fix.verdict == "verified"
    assert fix.schema == "aten::dequantize.self(Tensor(a) self) -> Tensor(a)" and "alias()" in fix.kernel


def test_checking_exposes_the_fix_lazily():
    """``Checked.fix`` is computed when read, never while the code runs (the proof runs the op again)."""
    import opprop
    from opprop.reduce.fixes import scratch

    registered = len(scratch._LIBRARIES)
    with opprop.checking(capture_calls=True) as found:
        torch.ops.opprop_test.mutate_input(torch.ones(3))
    assert len(scratch._LIBRARIES) == registered  # no proof ran inside the block
    checked = [c for c in found.findings if c.invariant == "undeclared_mutation"][0]
    assert checked.fix.schema == "opprop_test::mutate_input(Tensor(a!) x) -> Tensor" and checked.fix.verdict == "verified"
    assert len(scratch._LIBRARIES) > registered
