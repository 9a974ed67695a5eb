"""Transparency: code under ``opprop.checking()`` gives the same result, exception and side effects as without.

Each case runs the same function plain and under ``checking()`` and
compares the outcome (the returned values, or the exception's type and
message). It also asks that opprop itself did not fail inside the mode: an
internal error is a record, never the user's failure, but these are
machineries opprop must check or pass through cleanly. Every case here
either failed on main before the mode learnt to pass foreign calls through
(``prim::`` ops, fake and functional tensors, symbolic shapes, inference
tensors) or guards that behaviour.
"""
from __future__ import annotations

import contextlib
import sys
import warnings

import pytest
import torch
import torch.utils.checkpoint
from torch._subclasses.fake_tensor import FakeTensorMode
from torch._subclasses.schema_check_mode import SchemaCheckMode
from torch.fx.experimental.proxy_tensor import make_fx

import opprop


def _values(result):
    """What a result is, in a form two runs can compare: tensors by dtype, shape and value; graphs by code."""
    if isinstance(result, torch.fx.GraphModule):
        return ("graph", result.code.strip())
    if isinstance(result, torch.Tensor):
        if result.device.type == "meta" or torch._subclasses.fake_tensor.is_fake(result):
            return ("tensor", result.dtype, tuple(result.shape), result.device.type)
        return ("tensor", result.dtype, tuple(result.shape), result.detach().cpu().tolist())
    if isinstance(result, (list, tuple)):
        return tuple(_values(r) for r in result)
    if isinstance(result, dict):
        return {k: _values(v) for k, v in result.items()}
    return result


def _outcome(fn):
    try:
        return ("returned", _values(fn()))
    except Exception as e:  # the exception the user sees, compared by type and first line
        return ("raised", type(e).__name__, str(e).splitlines()[0] if str(e) else "")


def assert_transparent(fn, wrap=None):
    """``fn`` plain and under ``checking()`` (entered through ``wrap`` when given) give one outcome; opprop did not fail."""
    plain = _outcome(fn)
    found = opprop.checking()
    with (wrap(found) if wrap else found):
        checked = _outcome(fn)
    assert checked == plain
    assert found.internal_errors == [], "\n".join(e.one_line() for e in found.internal_errors)
    return found


# ---------------------------------------------------------------- opcheck, every test_utils value

OPCHECK_UTILS = (
    "test_schema",
    "test_autograd_registration",
    "test_faketensor",
    "test_aot_dispatch_static",
    "test_aot_dispatch_dynamic",
)


@torch.library.custom_op("opprop_transparency::scale", mutates_args=())
def _scale(x: torch.Tensor, factor: float) -> torch.Tensor:
    return x * factor


@_scale.register_fake
def _(x, factor):
    return torch.empty_like(x)


@pytest.mark.parametrize("utils", OPCHECK_UTILS)
@pytest.mark.parametrize("op", ["aten.sin", "custom"])
def test_opcheck(op, utils):
    if op == "custom":
        target, args = torch.ops.opprop_transparency.scale.default, (torch.randn(3, requires_grad=True), 2.0)
    else:
        target, args = torch.ops.aten.sin.default, (torch.ones(2),)
    assert_transparent(lambda: torch.library.opcheck(target, args, test_utils=utils))


# ---------------------------------------------------------------- tracing and compiling


def _traced(x):
    return (x.sin() * 2).cos().sum(0, keepdim=True) + x.shape[0]


@pytest.mark.parametrize("requires_grad", [False, True])
@pytest.mark.parametrize("tracing_mode", ["real", "symbolic", "fake"])
def test_make_fx(tracing_mode, requires_grad):
    assert_transparent(lambda: make_fx(_traced, tracing_mode=tracing_mode)(torch.ones(3, requires_grad=requires_grad)))


def _step(x, w):
    y = torch.nn.functional.linear(x, w).relu() + 1
    y.add_(1)
    return y.sum(), y


def _broken_step(x, w):  # relu's output is written in place: the backward cannot be traced, compiling raises
    y = torch.nn.functional.linear(x, w).relu()
    y.add_(1)
    return y.sum(), y


@pytest.mark.parametrize("step", [_step, _broken_step])
@pytest.mark.parametrize("dynamic", [False, True])
def test_compile_aot_eager(dynamic, step):
    def run(x, w):
        torch._dynamo.reset()  # each run compiles afresh: Dynamo remembers a frame that failed to compile
        return torch.compile(step, backend="aot_eager", dynamic=dynamic)(x, w)

    w = torch.full((2, 3), 0.5, requires_grad=True)
    assert_transparent(lambda: run(torch.ones(4, 3), w))
    assert_transparent(lambda: run(torch.ones(5, 3), w))


# ---------------------------------------------------------------- functorch and autograd machinery


def test_functionalize():
    def f(x):
        y = x.clone()
        y.add_(1)
        x.mul_(2)
        return y.view(-1)

    def run():
        x = torch.arange(6.0).view(2, 3)
        return torch.func.functionalize(f)(x), x

    assert_transparent(run)
    assert_transparent(lambda: make_fx(torch.func.functionalize(f), tracing_mode="symbolic")(torch.ones(2, 3)))


def test_vmap_and_grad():
    x = torch.linspace(-1, 1, 12).view(4, 3)
    assert_transparent(lambda: torch.vmap(lambda r: (r.sin() * r).sum())(x))
    assert_transparent(lambda: torch.func.grad(lambda r: (r.exp() * r).sum())(x[0]))
    assert_transparent(lambda: torch.vmap(torch.func.grad(lambda r: (r.cos() ** 2).sum()))(x))
    assert_transparent(lambda: torch.func.jacrev(torch.sin)(x[0]))


def test_checkpoint():
    def run():
        torch.manual_seed(0)
        layer = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
        x = torch.ones(2, 3, requires_grad=True)
        y = torch.utils.checkpoint.checkpoint(layer, x, use_reentrant=False).sum()
        y.backward()
        return y, x.grad, [p.grad for p in layer.parameters()]

    assert_transparent(run)


def test_record_function_and_profiler():
    def run():
        x = torch.ones(3)
        with torch.profiler.record_function("opprop-user-region"):
            y = x.mul(2).add(1)
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
            z = y.sin()
        return z, any(e.name == "aten::sin" for e in prof.events())

    assert_transparent(run)


# ---------------------------------------------------------------- fake, meta, inference, autocast, subclasses


def test_fake_tensor_mode_inside_checking():
    def run():
        with FakeTensorMode():
            x = torch.empty(4, 3)
            y = (x @ x.T).relu_()
            return y.shape, y.dtype

    assert_transparent(run)


def test_meta_tensors():
    assert_transparent(lambda: (torch.empty(3, 4, device="meta") @ torch.empty(4, 2, device="meta")).add_(1))


def test_inference_mode():
    def run():
        with torch.inference_mode():
            x = torch.ones(3)
            x.mul_(2)
            return x.view(3, 1).expand(3, 2).sum(), x.is_inference()

    assert_transparent(run)


def test_cpu_autocast():
    def run():
        with torch.autocast("cpu", dtype=torch.bfloat16):
            a, b = torch.ones(2, 3), torch.ones(3, 2)
            return (a @ b).dtype, torch.nn.functional.linear(a, b.T).float()

    assert_transparent(run)


class _Logged(torch.Tensor):
    """A wrapper subclass that logs what it runs and unwraps: its own __torch_dispatch__."""

    seen: list = []

    @staticmethod
    def __new__(cls, inner):
        return torch.Tensor._make_wrapper_subclass(cls, inner.shape, dtype=inner.dtype, device=inner.device)

    def __init__(self, inner):
        self.inner = inner

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        cls.seen.append(str(func))
        unwrap = lambda t: t.inner if isinstance(t, _Logged) else t  # noqa: E731
        out = func(*torch.utils._pytree.tree_map(unwrap, args), **torch.utils._pytree.tree_map(unwrap, kwargs or {}))
        return torch.utils._pytree.tree_map(lambda t: _Logged(t) if isinstance(t, torch.Tensor) else t, out)


def test_tensor_subclass_with_its_own_dispatch():
    def run():
        _Logged.seen = []
        x = _Logged(torch.ones(3))
        y = (x * 2).add_(1)
        return y.inner, list(_Logged.seen)

    assert_transparent(run)


def test_symint_arguments_in_a_symbolic_trace_add_no_guard():
    """Reading a symbolic size in opprop's checks would add a guard, changing the traced graph."""

    def f(x, y):
        return x.view(-1)[: y.shape[0]] + y

    assert_transparent(lambda: make_fx(f, tracing_mode="symbolic")(torch.ones(2, 3), torch.ones(4)))


def test_torchbind_and_prim_ops():
    # prim::device and friends reach a dispatch mode inside aot tracing; a direct call must pass through too
    assert_transparent(lambda: torch.ops.prim.device.default(torch.ones(2)))
    assert_transparent(lambda: torch.ops.aten.sym_size.int(torch.ones(2, 3), 1))


# ---------------------------------------------------------------- exceptions and nesting


def test_an_op_error_is_the_users_exception_unchanged():
    assert_transparent(lambda: torch.ones(2, 3) @ torch.ones(2, 3))
    assert_transparent(lambda: torch.ones(3).view(2, 2))


def test_nested_in_itself():
    x = torch.arange(4.0)

    def outer(found):
        @contextlib.contextmanager
        def both():
            with found, opprop.checking() as inner:
                yield inner
        return both()

    found = assert_transparent(lambda: (x * 2).view(2, 2).t().contiguous(), wrap=outer)
    assert found.findings == []


def test_inside_and_around_other_modes():
    def around_schema_check(found):  # SchemaCheckMode outside, checking() inside it
        @contextlib.contextmanager
        def both():
            with SchemaCheckMode(), found:
                yield
        return both()

    def inside_schema_check(found):  # checking() outside, SchemaCheckMode inside it
        @contextlib.contextmanager
        def both():
            with found, SchemaCheckMode():
                yield
        return both()

    def run():
        x = torch.arange(6.0).view(2, 3)
        y = x.t().mul(2)
        x.add_(1)
        return x, y.sum(1)

    assert_transparent(run, wrap=around_schema_check)
    assert_transparent(run, wrap=inside_schema_check)

    def around_fake(found):
        @contextlib.contextmanager
        def both():
            with FakeTensorMode(), found:
                yield
        return both()

    def fake_run():
        x = torch.empty(2, 3)
        return (x.t() @ x).shape

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_transparent(fake_run, wrap=around_fake)


# ---------------------------------------------------------------- an internal error is a record


def test_an_internal_error_is_recorded_and_the_op_result_returned():
    from opprop.check import mode

    def broken(*a, **k):
        raise RuntimeError("planted: the checks broke")

    x = torch.arange(3.0)
    with mode.use_screen(broken), opprop.checking(engine="python") as found:  # the Python mode's screen fails on every call
        y = x.add(1); line = sys._getframe().f_lineno  # noqa: E702
        z = y.mul_(2)
    assert z is y and y.tolist() == [2.0, 4.0, 6.0]
    assert found.findings == []
    errors = found.internal_errors
    assert {e.aten_op for e in errors} == {"aten::add.Tensor", "aten::mul_.Tensor"}
    assert all("planted: the checks broke" in e.traceback for e in errors)
    assert "opprop internal error at aten::add.Tensor (after the call): RuntimeError: planted" in errors[0].one_line()
    assert errors[0].where.endswith(f"test_transparency.py:{line}")


def test_an_internal_error_in_planning_passes_the_call_through(monkeypatch):
    from opprop.check import mode, plan

    def broken(*a, **k):
        raise RuntimeError("planted: cannot plan")

    monkeypatch.setattr(mode, "CheckPlan", broken)
    plan._forget_plans()
    try:
        with opprop.checking(engine="python") as found:  # (tests/test_native_engine_faults.py plants the native engine's)
            y = torch.ones(2).neg()
        assert y.tolist() == [-1.0, -1.0]
        assert [e.aten_op for e in found.internal_errors] == ["aten::ones", "aten::neg"]
        assert {e.stage for e in found.internal_errors} == {"plan"}
    finally:
        monkeypatch.undo()
        plan._forget_plans()


def test_compiled_code_is_compiled_under_checking_and_its_ops_are_checked():
    """Dynamo compiles as it would without opprop, and the compiled graph's own ATen ops still reach the checks."""
    from torch._dynamo.utils import counters

    torch._dynamo.reset()
    counters.clear()
    batched = torch.compile(lambda x, w: torch.matmul(x, w).relu(), backend="aot_eager")
    with opprop.checking() as found:
        y = batched(torch.ones(2, 3, 4), torch.ones(4, 5))
    assert y.shape == (2, 3, 5)
    assert counters["stats"]["unique_graphs"] == 1  # compiled, not run eagerly because a mode was on the stack
    assert ("aten::_unsafe_view", "storageimpl_use_count") in {f.key for f in found.findings}  # the graph's op, checked
    # the first compile in a process starts tqdm's monitor thread inside the block: recorded as a thread the block
    # could not check (right), and not an error of the checks; which test compiles first depends on test order
    assert [e for e in found.internal_errors if e.aten_op != "<threads>"] == []


def test_opprop_check_counts_internal_errors_and_keeps_them_in_its_report(capsys, tmp_path):
    import json

    from opprop.check import mode
    from opprop.cli import main as cli

    report = tmp_path / "r.json"
    with mode.use_screen(None):  # the shipped screen put back after: --import broken_screen replaces it here too
        assert cli.main(["check", "aten::neg", "--samples-only", "--import", "broken_screen", "--json", str(report)]) == 0
    out = capsys.readouterr().out
    assert "opprop internal error, " in out and "aten::neg (after the call): RuntimeError: planted: the screen broke" in out
    [stats] = json.loads(report.read_text())["ops"]
    assert stats["internal_errors"] == {"aten::neg (after the call): RuntimeError: planted: the screen broke": stats["examples"]}


def test_record_function_breaks_schema_check_mode_but_not_checking():
    """Keep this: SchemaCheckMode fails on real models (transformers' profiler regions); opprop does not."""

    def run():
        with torch.profiler.record_function("a model's region"):
            return torch.ones(3).mul(2)

    with pytest.raises(NotImplementedError, match="_RecordFunction"):
        with SchemaCheckMode():
            run()
    assert_transparent(run)


def test_higher_order_ops():
    """torch.cond runs as a higher-order op, eagerly and compiled: passed through, never failed on."""
    x = torch.linspace(-1, 1, 4)

    def branch():
        return torch.cond(x.sum() > 0, lambda t: t.sin(), lambda t: t.cos(), (x,))

    assert_transparent(branch)

    def compiled():
        torch._dynamo.reset()
        return torch.compile(branch, backend="aot_eager")()

    assert_transparent(compiled)


_UNREAD = torch.library.Library("opprop_unread", "DEF")
_UNREAD.define("count_and_fail(Tensor x) -> Tensor")
_UNREAD_CALLS = []


def _count_and_fail(x):
    _UNREAD_CALLS.append(1)
    raise RuntimeError("count_and_fail: always")


_UNREAD.impl("count_and_fail", _count_and_fail, "Meta")


def test_an_unread_call_that_raises_runs_once_and_its_error_is_its_own():
    """A call passed through unread (a meta subclass instance) runs outside opprop's guarded steps: once, and its error
    is the op's own, not an internal error (it ran twice and was recorded as one when the pass-through sat inside them)."""
    _UNREAD_CALLS.clear()
    with opprop.checking() as found:
        with pytest.raises(RuntimeError, match="count_and_fail: always"):
            torch.ops.opprop_unread.count_and_fail(torch.nn.Parameter(torch.empty(3, device="meta")))
    assert len(_UNREAD_CALLS) == 1
    assert found.internal_errors == []
