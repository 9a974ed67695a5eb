"""The native engine audit's faults with torch.compile and torch.jit.trace (issue #52: d06, d07, d15; the repros:
/work/shared/audits/native_engine/). The native engine's key is in the thread's dispatch TLS, which Dynamo's guards
and compiles read (check/compile_watch.py): a native block opened while Dynamo holds compiled code is checked by the
Python mode, and while Dynamo compiles the engine passes the thread's calls through."""
import pytest
import torch
from torch._dynamo.utils import counters

import opprop
from opprop import checking_context
from opprop.check import native_engine
from tests.test_audit_faults import _child

native = pytest.mark.skipif(native_engine.available() is not None, reason=f"native engine unavailable: {native_engine.available()}")
GRAPH_OP = ("aten::_unsafe_view", "storageimpl_use_count")  # matmul's graph op, a finding in the ledger: proof of checking


def _batched():
    return torch.compile(lambda x, w: torch.matmul(x, w).relu(), backend="aot_eager")


@pytest.fixture
def error_on_recompile():
    torch._dynamo.reset()
    counters.clear()
    prior = torch._dynamo.config.error_on_recompile
    torch._dynamo.config.error_on_recompile = True
    yield
    torch._dynamo.config.error_on_recompile = prior
    torch._dynamo.reset()


@native
def test_audit_d06_a_function_compiled_outside_a_native_block_does_not_recompile_inside(error_on_recompile):
    """d06: the block's key changed what Dynamo's tensor guards read: RecompileError under error_on_recompile."""
    f = _batched()
    x, w = torch.ones(2, 3, 4), torch.ones(4, 5)
    f(x, w)
    with opprop.checking(engine="native") as found:
        y = f(x, w)
    f(x, w)  # and after the block
    assert y.shape == (2, 3, 5) and counters["stats"]["unique_graphs"] == 1
    assert found.handed_over == checking_context.HANDED_OVER
    assert GRAPH_OP in {f.key for f in found.findings}  # the compiled graph's ops are checked


@native
def test_audit_d07_torch_compiling_inside_a_native_block_is_not_checked_and_its_graph_is(error_on_recompile):
    """d07: Dynamo compiled with the key included and the engine checking: its own lift_fresh was reported as the
    user's finding, where contextlib.py. The engine now passes the thread's calls through while Dynamo compiles."""
    f = _batched()
    x, w = torch.ones(2, 3, 4, requires_grad=True), torch.ones(4, 5)
    with opprop.checking(engine="native") as found:
        torch.ones(3).add_(1)
        y = f(x, w)
        y.sum().backward()  # aot_eager compiles the backward lazily, here
        z = f(x, w)  # no recompile in the block: the guards were made with the key, as the call sees it
        z = f(x, w)
    assert torch.equal(y, z) and counters["stats"]["unique_graphs"] == 1
    assert found.handed_over == "" and found.not_checked == {}
    assert not [f for f in found.findings if "lift_fresh" in f.aten_op or "contextlib" in f.where], found.findings
    assert GRAPH_OP in {f.key for f in found.findings}  # the compiled graph's ops, checked by the engine
    assert [e for e in found.internal_errors if e.aten_op != "<threads>"] == []  # (tqdm's monitor thread may start)
    # The cost, documented: code compiled first inside a native block recompiles once when called after it (its
    # guards read the key); a block opened now is the Python mode's, and nothing recompiles in it.
    torch._dynamo.config.error_on_recompile = False
    f(x, w)
    assert counters["stats"]["unique_graphs"] == 2
    torch._dynamo.config.error_on_recompile = True
    with opprop.checking(engine="native") as again:
        f(x, w)
    assert again.handed_over == checking_context.HANDED_OVER and GRAPH_OP in {f.key for f in again.findings}


@native
def test_audit_d07_dynamo_first_imported_inside_a_native_block_is_not_checked_while_it_compiles():
    """Dynamo imported by the block's own torch.compile: its callbacks are registered the moment it is imported."""
    run = _child("""
        import sys, torch, opprop
        assert "torch._dynamo" not in sys.modules
        with opprop.checking(engine="native") as found:
            f = torch.compile(lambda x: (x.sin() * x).sum(), backend="aot_eager")
            f(torch.randn(8))
            f(torch.randn(8))
        from opprop.check import compile_watch
        print(sorted({g.aten_op for g in found.findings}))
        print(sum(type(f) is compile_watch._AfterImport for f in sys.meta_path), found.handed_over == "")
    """)
    assert run.returncode == 0, run.stderr
    ops, finders = run.stdout.splitlines()[-2:]
    assert "lift_fresh" not in ops and finders == "0 True", run.stdout


@pytest.mark.parametrize("engine", ["python", pytest.param("native", marks=native)])
def test_audit_d15_jit_trace_inside_a_block_traces_and_checks_as_plain(engine):
    """d15: under the Python mode, jit.trace's check run failed: a traced graph's number constant reaches
    __torch_dispatch__ as a Python number (torch unwraps wrapped-number tensors there), and `_local_scalar_dense(2)`
    and `view(2, ...)` have no Tensor. The mode gives such an argument back as the 0-d tensor it was."""
    fn = lambda x: (x * 2).sum(0)  # noqa: E731
    plain = torch.jit.trace(fn, torch.randn(3, 3))(torch.ones(3, 3))
    with opprop.checking(engine=engine) as found:
        traced = torch.jit.trace(fn, torch.randn(3, 3))
        result = traced(torch.ones(3, 3))
    assert torch.equal(result, plain) and result.tolist() == [6.0, 6.0, 6.0]
    assert found.internal_errors == [] and found.findings == []
