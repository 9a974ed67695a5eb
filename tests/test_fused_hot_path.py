"""The hot path's fused pieces compute what the invariants themselves would.

``snapshots.take_states`` takes undeclared_mutation's and storage_replaced's
``before`` in one pass: on real calls it must give exactly what their own
``before`` gives (their checks read that format). The fused screen clears
storage_replaced and view_copies itself: with it, and with every call sent
down the slow path, the findings on real violations and clean calls must be
the same.
"""
import pytest
import torch

from opprop.check import invariants, snapshots
from opprop.check.compat import const_data_ptr
from opprop.check import mode as checkmode
from opprop.check.runner import run_call
from opprop.core.calls import Call
from opprop.check import catalog

aten = torch.ops.aten

LIB = torch.library.Library("opprop_fused_test", "DEF")
LIB.define("swap_written(Tensor(a!) x, Tensor y) -> ()")  # swaps a written argument's StorageImpl
LIB.define("swap_read(Tensor x) -> Tensor")  # swaps a read-only argument's StorageImpl
LIB.define("fake_view(Tensor(a) x) -> Tensor(a)")  # declared a view, returns fresh memory
LIB.define("fake_views(Tensor(a -> *) x) -> Tensor(a)[]")  # one of a list of declared views is fresh memory


def _swap_written(x, y):
    x.set_(y.clone())


def _swap_read(x):
    x.set_(torch.empty_like(x))
    return x + 1


LIB.impl("swap_written", _swap_written, "CPU")
LIB.impl("swap_read", _swap_read, "CPU")
LIB.impl("fake_view", lambda x: x.clone(), "CPU")
LIB.impl("fake_views", lambda x: [x[0].clone(), x[1]], "CPU")
ops = torch.ops.opprop_fused_test


def _sparse():
    return torch.eye(3).to_sparse()


def _nested():
    return torch.nested.nested_tensor([torch.ones(2, 3), torch.ones(3, 3)], layout=torch.strided)


x = torch.arange(12.0).reshape(3, 4)
CALLS = {
    "swap written": lambda: Call("sw", ops.swap_written.default, (torch.ones(3), torch.ones(3))),
    "swap read": lambda: Call("sr", ops.swap_read.default, (torch.ones(3),)),
    "fake view": lambda: Call("fv", ops.fake_view.default, (torch.ones(2, 2),)),
    "fake views": lambda: Call("fvs", ops.fake_views.default, (torch.ones(2, 2),)),
    "set_": lambda: Call("set_", aten.set_.source_Tensor, (torch.ones(3), torch.ones(4))),
    "add_": lambda: Call("add_", lambda: x.clone().add_(1), ()),
    "add.out": lambda: Call("add.out", lambda: torch.add(x, x, out=torch.empty(3, 4)), ()),
    "resize_ (same StorageImpl, new memory)": lambda: Call("resize_", aten.resize_.default, (torch.ones(2), [64])),
    "cat": lambda: Call("cat", aten.cat.default, ([x, x[::2], x],)),
    "transpose": lambda: Call("t", aten.transpose.int, (x, 0, 1)),
    "split": lambda: Call("s", aten.split.Tensor, (x, 2)),
    "unbind": lambda: Call("u", aten.unbind.int, (x,)),
    "expand": lambda: Call("e", aten.expand.default, (torch.ones(3, 1), [3, 4])),
    "sparse input": lambda: Call("sp", aten.mul.Tensor, (_sparse(), 2.0)),
    "nested strided input": lambda: Call("n", aten.mul.Tensor, (_nested(), 2.0)),
    "non-contiguous input": lambda: Call("nc", aten.mul.Tensor, (x.t(), 2.0)),
}


def _findings(call):
    result = run_call(call)
    assert result.error is None, result.error
    return result.error, sorted((f.aten_op, f.invariant, f.output_index, repr(f.detail)) for f in result.findings)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_fused_screen_agrees_with_the_slow_path(name, hot_path):
    screened = _findings(CALLS[name]())
    with checkmode.use_screen(lambda *a: False):
        exact = _findings(CALLS[name]())
    assert screened == exact


@pytest.mark.parametrize(
    "name, invariant",
    [("swap written", "storage_replaced"), ("swap read", "storage_replaced"), ("set_", "storage_replaced"),
     ("fake view", "view_copies"), ("fake views", "view_copies")],
)
def test_fused_screen_passes_the_new_invariants_violations_through(name, invariant, hot_path):
    # not cleared by the screen: the violation reaches the slow path and is reported
    result = run_call(CALLS[name]())
    assert result.error is None, result.error
    assert invariant in {f.invariant for f in result.findings}


def _same_state(a, b) -> bool:
    if a is None or b is None:
        return a is b
    (meta_a, raw_a, data_a), (meta_b, raw_b, data_b) = a, b
    return meta_a == meta_b and raw_a == raw_b and (data_a is None) == (data_b is None)


def _kind(mutable_args, mutable):
    """The two facts the befores read from a catalog.OpKind."""
    return type("Kind", (), {"mutable_args": mutable_args, "mutable": mutable})


@pytest.mark.parametrize("name", sorted(CALLS))
def test_take_states_is_the_invariants_own_befores(name, monkeypatch, python_hot_path):
    # at each call the mode makes, before the op runs: the fused pass and the two befores, on the same inputs
    mutation, replaced = invariants.get(catalog.UNDECLARED_MUTATION), invariants.get(checkmode.STORAGE_REPLACED)
    real = checkmode.take_states
    compared = []

    def both(inputs, mutable_args, with_data):
        states, storages = real(inputs, mutable_args, with_data)
        kind = _kind(mutable_args, with_data)  # with_data is the mode's snapshot_all or the op's mutability
        own_storages = replaced.before(inputs, kind, with_data)
        own_states = mutation.before(inputs, kind, with_data)
        compared.append(
            len(storages) == len(own_storages) and all(a is b for a, b in zip(storages, own_storages))
            and len(states) == len(own_states) and all(_same_state(a, b) for a, b in zip(states, own_states))
        )
        return states, storages

    monkeypatch.setattr(checkmode, "take_states", both)
    assert run_call(CALLS[name]()).error is None
    assert compared and all(compared)


def test_take_states_matches_the_befores_on_untouched_inputs():
    # the exact values, on inputs of every kind the mode meets, nothing run in between
    values = [torch.ones(3), x.t(), x[1:, ::2], torch.empty(0), _sparse(), _nested(), torch.ones(2, dtype=torch.int8), torch.tensor(3.0)]
    inputs = list(enumerate(values))
    mutation, replaced = invariants.get(catalog.UNDECLARED_MUTATION), invariants.get(checkmode.STORAGE_REPLACED)
    for mutable_args in (frozenset(), frozenset({0, 3})):
        for with_data in (False, True):
            kind = _kind(mutable_args, False)
            states, storages = snapshots.take_states(inputs, mutable_args, with_data)
            assert storages == replaced.before(inputs, kind, with_data)
            assert all(a is b for a, b in zip(storages, replaced.before(inputs, kind, with_data)))
            own = mutation.before(inputs, kind, with_data)
            assert len(states) == len(own) and all(_same_state(a, b) for a, b in zip(states, own))
            assert [s is None for s in states] == [i in mutable_args for i in range(len(values))]


def test_memory_reads_the_bytes_string_at_reads():
    import ctypes

    t = torch.arange(10, dtype=torch.int16)
    t[3] = 0  # a zero byte in the middle must be kept
    ptr = const_data_ptr(t)
    assert snapshots.memory_at(ptr)[: t.nbytes] == ctypes.string_at(ptr, t.nbytes) == t.numpy().tobytes()


def test_mode_default_snapshot_policy_is_the_projects_one():
    assert checkmode.InvariantMode("x").snapshot_all == (snapshots.DEFAULT_SNAPSHOT == "all")
    other = next(p for p in snapshots.SNAPSHOT_POLICIES if p != snapshots.DEFAULT_SNAPSHOT)
    assert checkmode.InvariantMode("x", snapshot_data=other).snapshot_all == (other == "all")
    with pytest.raises(ValueError):
        checkmode.InvariantMode("x", snapshot_data="some")


def test_a_wrong_screen_storage_reader_refuses_to_run(monkeypatch, python_hot_path):
    from opprop.check import probe

    monkeypatch.setattr(checkmode, "_storage_use_count", lambda address: 1)  # never sees a shared storage
    with pytest.raises(probe.ProbeError, match="refusing to run"):
        checkmode.validate_readers(force=True)
    monkeypatch.undo()
    checkmode.validate_readers(force=True)  # the real readers pass


def test_dynamo_stays_out_of_the_dispatch_frame():
    """The mode keeps Dynamo out of ``__torch_dispatch__`` itself (not torch's wrapper, which costs ~1 us a call).

    A compiled function run under the mode: without the frame marked for
    Dynamo to skip, Dynamo traces the dispatch frame and warns about the
    eval-frame builtin it meets; the calls must still reach the checks, and a
    real violation inside must still be found.
    """
    import warnings

    import torch._dynamo

    assert not getattr(checkmode.InvariantMode.__torch_dispatch__, "_torchdynamo_disable", False)  # not torch's wrapper

    def body(x, y):
        return (x.sin() + 1).relu(), torch.ops.opprop_fused_test.swap_read(y)

    compiled = torch.compile(body, backend="eager")
    x, y = torch.randn(4), torch.randn(3)
    torch._dynamo.reset()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with checkmode.InvariantMode("compiled") as mode:
            got, _ = compiled(x, y)
    dynamo_warnings = [str(w.message) for w in caught if "dynamo" in str(w.filename).lower() or "Dynamo" in str(w.message)]
    assert dynamo_warnings == []
    assert torch.equal(got, (x.sin() + 1).relu())
    assert {"aten::sin", "aten::relu", "opprop_fused_test::swap_read"} <= set(mode.reached)
    assert ("opprop_fused_test::swap_read", "storage_replaced") in {f.key for f in mode.findings}
