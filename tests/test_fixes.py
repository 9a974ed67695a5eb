"""Each finding's proposed fix, proven on a scratch copy of the op: torch.library ops that misbehave in one way each,
whose correct schema (or kernel change) is known, get exactly that fix, verified; a wrong fix is refuted."""
import dataclasses
import subprocess
import sys
import textwrap

import pytest
import torch

import cia_ops  # noqa: F401  (registers opprop_cia::*)
import custom_ops  # noqa: F401  (registers opprop_test::*)
from opprop.check.runner import run_call
from opprop.core.calls import Call
from opprop.reduce import fixes
from opprop.reduce.fixes import verify
from tests.support.runs import env


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


def test_real_op_early_return_gets_the_kernel_fix_once_grown_calls_refute_the_alias():
    """aten::dequantize.self returns a float input itself (ledgered) and fresh memory for a quantized one: ``Tensor(a)``
    holds on the float call alone and is refuted on the op's own quantized sample; the clone on the early-return path holds."""
    op = torch.ops.aten.dequantize.self
    found = [f for f in run_call(Call("aten::dequantize.self", op, (torch.ones(3),), {}, source="repro")).findings if f.invariant == "returns_input"]
    fix = fixes.for_finding(found[0])
    assert fix.verdict == "verified" and fix.grown > 0, fix.one_line()
    assert not fix.schema and "clone" in fix.kernel
    # (the grown call's quantized dtype is whichever the drawn sample has: quint8 or qint8)
    assert "the schema edit aten::dequantize.self(Tensor(a) self) -> Tensor(a) is refuted: a new finding on a grown call (q" in fix.note


# An op that returns its input when it is empty and fresh memory otherwise (channel_shuffle's bug): no alias set
# describes it, since a declared view that copies breaks view_copies on every non-empty input.
GROWN_LIB = torch.library.Library("opprop_fixgrow", "DEF")
GROWN_LIB.define("empty_returns_input(Tensor x) -> Tensor")
GROWN_LIB.impl("empty_returns_input", lambda x: x if x.numel() == 0 else x * 2, "CompositeExplicitAutograd")


def test_an_alias_only_on_empty_inputs_gets_the_clone_not_the_schema():
    finding = _finding("opprop_fixgrow::empty_returns_input", "returns_input", torch.zeros(0, 2))
    alone = fixes.for_spec(finding.call, "returns_input", finding.detail, finding.output_index, grow=False)
    assert alone.schema == "opprop_fixgrow::empty_returns_input(Tensor(a) x) -> Tensor(a)" and alone.verdict == "verified"
    fix = fixes.for_finding(finding)
    assert fix.verdict == "verified" and not fix.schema and fix.kernel.startswith("return a clone of output 0"), fix.one_line()
    assert "is refuted: a new finding on a grown call (float32[3, 2]): view_copies output 0" in fix.note
    assert fix.grown >= 2  # the call grown two ways, and the op's own draws


def test_grown_calls_fill_empty_dims_and_respell_the_shape_they_name():
    from opprop.core.specs import CallSpec, TensorSpec
    from opprop.reduce.fixes import grown

    spec = CallSpec("aten::view", (TensorSpec("float32", (0, 4), "zeros"), [0, 4]))
    larger = grown.larger(spec)
    assert [(c.args[0].shape, c.args[1]) for c in larger] == [((3, 4), [3, 4]), ((2, 6), [2, 6])]
    assert all(c.overload(*c.build()[0]).numel() > 0 for c in larger)  # each builds and runs: a valid call
    quantized = CallSpec("aten::dequantize.self", (TensorSpec("float32", (0,), "zeros", quant=("per_tensor", "quint8", 0.1, 0)),))
    assert grown.larger(quantized) == []  # growing would change its kind: left as it is


def test_drawn_calls_are_the_ops_own_and_mostly_not_empty():
    from opprop.reduce.fixes import grown

    drawn = grown.drawn(torch.ops.aten.channel_shuffle.default)
    assert drawn and all(c.op == "aten::channel_shuffle" for c in drawn)
    assert any(all(t.numel > 0 for t in c.tensors()) for c in drawn)


def test_checking_exposes_the_fix_lazily():
    """``Checked.fix`` is computed when read, never while the code runs (the proof runs the op again), and in a child:
    the user's process keeps no scratch op of the proof's."""
    import opprop
    from opprop.reduce.fixes import scratch

    registered = len(scratch._LIBRARIES)
    with opprop.checking(capture_calls=True) as found:
        torch.ops.opprop_test.mutate_input(torch.ones(3))
    assert len(scratch._LIBRARIES) == registered  # no proof ran inside the block
    checked = [c for c in found.findings if c.invariant == "undeclared_mutation"][0]
    assert checked.fix.schema == "opprop_test::mutate_input(Tensor(a!) x) -> Tensor" and checked.fix.verdict == "verified"
    assert len(scratch._LIBRARIES) == registered  # proven apart: the scratch op is the child's, not the user's


def test_reading_a_fix_in_a_users_process_imports_nothing_there():
    """The proof's imports (op_db) happen in its forked child; opprop's own commands do them once in the parent instead
    (``fixes.warm_parent``), a user's process never."""
    code = textwrap.dedent("""
        import sys, torch, opprop, custom_ops
        with opprop.checking(capture_calls=True) as found:
            torch.ops.opprop_test.mutate_input(torch.ones(3))
        fix = [c for c in found.findings if c.invariant == "undeclared_mutation"][0].fix
        assert fix.verdict == "verified", fix
        print("torch.testing._internal.common_methods_invocations" in sys.modules)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env(), timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "False", done.stdout  # op_db: seconds, and torch.testing's state


GROWN_LIB.define("both_on_empty(Tensor x, Tensor y) -> (Tensor, Tensor)")  # both inputs back when x is empty
GROWN_LIB.impl("both_on_empty", lambda x, y: (x, y) if x.numel() == 0 else (x * 2, y * 2), "CompositeExplicitAutograd")
GROWN_LIB.define("copies_ints(Tensor(a) x) -> Tensor(a)")  # a view of a float x, a copy of any other
GROWN_LIB.impl("copies_ints", lambda x: x.view(-1) if x.is_floating_point() else x.reshape(-1).clone(), "CompositeExplicitAutograd")


def test_a_kernel_fix_widens_to_every_output_that_returns_an_input():
    finding = _finding("opprop_fixgrow::both_on_empty", "returns_input", torch.zeros(0), torch.zeros(2))
    fix = fixes.for_finding(finding)
    assert fix.verdict == "verified", fix.one_line()
    assert fix.kernel.startswith("return a clone of output 0, output 1 ")


def test_a_view_that_copies_on_some_inputs_gets_an_unverifiable_kernel_fix_not_a_refuted_schema():
    """Dropping the alias set holds on the int call and is refuted on a float one (the output then is a view): the schema
    is right, the kernel must change, and no wrapper can make a copy a view, so that fix is unverifiable."""
    finding = _finding("opprop_fixgrow::copies_ints", "view_copies", torch.arange(3))
    fix = fixes.for_finding(finding)
    assert fix.verdict == "unverifiable" and not fix.schema and fix.kernel.startswith("return a view of x where it returns fresh memory"), fix.one_line()
    assert "the schema edit opprop_fixgrow::copies_ints(Tensor x) -> Tensor is refuted: a new finding on a grown call" in fix.note


def test_a_fix_is_proven_under_the_quantized_engine_the_finding_ran_under():
    """quantized::conv2d_add writes qaccum only under onednn (the default engine takes no call): its expect file's call
    runs, and its fix is proven, under that engine, not the one in effect."""
    from pathlib import Path

    from opprop.reports import ledger_fixes

    path = Path(__file__).resolve().parents[1] / "expected" / "quantized.conv2d_add--undeclared_mutation.py"
    fix = ledger_fixes.for_expect_file(path)
    assert fix.verdict == "verified", fix.one_line()
    assert "qaccum" in (fix.schema + fix.kernel)


@pytest.mark.parametrize("expect_file, schema", [
    # named in place, with no self: torchgen refuses to read the schema unless told the name
    ("inductor.resize_storage_bytes_--undeclared_mutation.py", "inductor::resize_storage_bytes_(Tensor(a!) variable, SymInt new_size) -> ()"),
    # and with a list of tensors it writes, beside a process group (a class type)
    ("c10d.allreduce_--undeclared_mutation.py", "c10d::allreduce_(Tensor(a!)[] tensors, __torch__.torch.classes.c10d.ProcessGroup process_group, "
     "__torch__.torch.classes.c10d.ReduceOp reduce_op, Tensor? sparse_indices, bool async_op=True, int timeout=-1) -> (Tensor[], __torch__.torch.classes.c10d.Work)"),
])
def test_an_op_named_in_place_without_a_written_self_gets_its_schema_fix(expect_file, schema):
    from pathlib import Path

    from opprop.reports import ledger_fixes

    fix = ledger_fixes.for_expect_file(Path(__file__).resolve().parents[1] / "expected" / expect_file)
    assert fix.verdict == "verified" and fix.schema == schema, fix.one_line()


def test_a_proof_without_neighbours_replays_the_findings_call_alone():
    """The fallback proof of a finding whose neighbour crashes the op (reduce_scatter_tensor's, with SIGFPE) asks for 0
    neighbours: it must get none, not one."""
    from pathlib import Path

    from opprop.reduce import expectfile

    spec = expectfile.load(Path(__file__).resolve().parents[1] / "expected" / "_c10d_functional.reduce_scatter_tensor--tensorimpl_use_count.py").repro
    assert verify.neighbours(spec, 0) == []
    assert len(verify.neighbours(spec, 1)) == 1


def test_every_proof_runs_apart_and_one_that_crashes_or_raises_is_said_not_lost():
    """``fixes.proven_apart`` is the one way a fix is proven outside the caller (a check's new finding, an expect file's
    header, a ledger entry): a neighbour of the finding's call may crash, and the caller must live on to say so."""
    import os

    finding = _finding("opprop_test::mutate_input", "undeclared_mutation", torch.ones(3))
    proven = fixes.proven_apart(lambda: fixes.for_finding(finding))
    assert not proven.failed and proven.fix.verdict == "verified" and proven.fix.schema.endswith("(Tensor(a!) x) -> Tensor")
    assert fixes.proven_apart(lambda: None) == fixes.Proof(None)  # no fix proposed: nothing failed
    aborted = fixes.proven_apart(os.abort)  # in this process, the test run itself would die here
    assert aborted == fixes.Proof(None, "died with SIGABRT")
    unverifiable = aborted.or_unverifiable(finding.aten_op, finding.invariant)
    assert unverifiable.one_line() == "fix: none found [unverifiable: the proof died with SIGABRT]"

    def raises():
        raise ValueError("no copy of this op\nsecond line")

    assert fixes.proven_apart(raises) == fixes.Proof(None, "raised ValueError: no copy of this op")


def test_a_process_whose_cuda_is_initialized_proves_a_fix_in_itself(monkeypatch):
    """A forked child cannot use the CUDA its parent initialized: there the proof runs in the caller, errors said alike."""
    ran_here = []

    def prove():
        ran_here.append(True)
        raise ValueError("said the same way")

    assert fixes.proven_apart(prove) == fixes.Proof(None, "raised ValueError: said the same way") and not ran_here
    monkeypatch.setattr(torch.cuda, "is_initialized", lambda: True)
    assert fixes.proven_apart(prove) == fixes.Proof(None, "raised ValueError: said the same way") and ran_here


def test_an_expect_files_header_carries_the_shrunk_calls_proven_fix_or_how_its_proof_ended(tmp_path, monkeypatch):
    """``regressions.write_expected`` proves the fix on the shrunk call, apart, for the header; a proof that crashes is
    written as such, and the file is written all the same."""
    import os

    from opprop.reduce import expectfile
    from opprop.reduce.regressions import write_expected

    monkeypatch.setenv("OPPROP_FIXES", "1")
    definitions = {"opprop_test": custom_ops.__file__}
    finding = _finding("opprop_test::mutate_input", "undeclared_mutation", torch.ones(3))
    (written,) = write_expected([finding], tmp_path / "proven", definitions=definitions, log=lambda line: None)
    assert expectfile.load(written.path).meta["fix"]["verdict"] == "verified"
    assert "Proven fix: opprop_test::mutate_input(Tensor(a!) x) -> Tensor [verified]\n" in written.path.read_text()
    monkeypatch.setattr(fixes, "for_spec", lambda *a, **k: os.abort())  # the forked child inherits it
    (crashed,) = write_expected([finding], tmp_path / "crashed", definitions=definitions, log=lambda line: None)
    assert expectfile.load(crashed.path).meta["fix"] == {"fix": "none found", "verdict": "unverifiable", "why": "the proof died with SIGABRT",
                                                        "diff": ""}
    assert "Proven fix: none found [unverifiable: the proof died with SIGABRT]\n" in crashed.path.read_text()


def test_a_finding_that_carries_no_call_is_proven_on_the_call_its_replay_makes_again(monkeypatch):
    # the native engine captures no call; an exploration's finding keeps its replay, which makes the call again and
    # captures the ATen call that breaks the invariant, as an expect file's starting call is found
    from opprop.check import native_engine
    from opprop.explore.session import Exploration
    from opprop.explore.target import resolve

    if native_engine.available() is not None:
        pytest.skip(f"native engine unavailable: {native_engine.available()}")
    monkeypatch.setenv("OPPROP_ENGINE", "native")
    session = Exploration(resolve("opprop_test::return_input"), seed=0).run(samples=-1, examples=10)
    found = next(f for f in session.unique_findings() if f.invariant == "returns_input")
    assert found.call is None and found.replay
    fix = fixes.for_finding(found)
    assert fix.verdict == "verified" and fix.schema == "opprop_test::return_input(Tensor(a) x) -> Tensor(a)", fix.one_line()
    assert fixes.for_finding(dataclasses.replace(found, replay=None)).verdict == "unverifiable"  # neither call nor replay
