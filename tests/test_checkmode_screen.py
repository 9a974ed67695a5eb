"""The checkmode's fast screen only ever clears calls the invariant functions would find clean.

Each call runs twice: with the screen, and with it forced to pass every
call to the invariant functions. The findings must be the same.
"""
import pytest
import torch

from opprop.check import catalog
from opprop.check import mode as checkmode, snapshots
from opprop.check.compat import const_data_ptr
from opprop.core.calls import Call
from opprop.check.runner import run_call

from benchmarks.op_set import float32_samples

import custom_ops  # noqa: F401  (registers opprop_test::*)

aten = torch.ops.aten


def _findings(call, snapshot_data):
    result = run_call(call, snapshot_data=snapshot_data)
    return result.error, [(f.aten_op, f.invariant, f.output_index, repr(f.detail), repr(f.inputs)) for f in result.findings]


def _same_both_ways(call, snapshot_data="schema"):
    screened = _findings(call, snapshot_data)
    with checkmode.use_screen(lambda *a: False):
        exact = _findings(call, snapshot_data)
    assert screened == exact
    return screened


def per_channel():
    return torch.quantize_per_channel(
        torch.arange(6.0).reshape(2, 3), torch.tensor([0.5, 1.0], dtype=torch.double), torch.zeros(2, dtype=torch.long), 0, torch.qint8
    )


def nested_strided():
    return torch.nested.nested_tensor([torch.ones(2, 3), torch.ones(3, 3)], layout=torch.strided)


x = torch.arange(12.0).reshape(3, 4)
CALLS = {
    "q_per_channel_scales": lambda: Call("q", aten.q_per_channel_scales.default, (per_channel(),)),
    "dequantize.self": lambda: Call("d", aten.dequantize.self, (torch.ones(2, 3),)),
    "unsafe_split": lambda: Call("u", aten.unsafe_split.Tensor, (torch.ones(4, 2), 2)),
    "_unsafe_view": lambda: Call("v", aten._unsafe_view.default, (torch.ones(4, 2), [8])),
    "hold_output": lambda: Call("h", custom_ops.ops.hold_output.default, (torch.ones(3),)),
    "return_input": lambda: Call("r", custom_ops.ops.return_input.default, (torch.ones(3),)),
    "alias_input": lambda: Call("a", custom_ops.ops.alias_input.default, (torch.ones(2, 2),)),
    "mutate_input": lambda: Call("m", custom_ops.ops.mutate_input.default, (torch.ones(3),)),
    "alias_other": lambda: Call("ao", custom_ops.ops.alias_other.default, (torch.ones(2, 2), torch.ones(4))),
    "nested strided input": lambda: Call("n", aten.mul.Tensor, (nested_strided(), 2.0)),
    "add_": lambda: Call("add_", lambda: x.clone().add_(1), ()),
    "add.out": lambda: Call("add.out", lambda: torch.add(x, x, out=torch.empty(3, 4)), ()),
    "transpose": lambda: Call("t", aten.transpose.int, (x, 0, 1)),
    "split": lambda: Call("s", aten.split.Tensor, (x, 2)),
    "max.dim": lambda: Call("max", aten.max.dim, (x, 1)),
    "non-contiguous input": lambda: Call("nc", aten.mul.Tensor, (x.t(), 2.0)),
}


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("snapshot_data", ["schema", "all"])
def test_screen_agrees_with_invariant_functions(name, snapshot_data, hot_path):
    _same_both_ways(CALLS[name](), snapshot_data)


def test_screen_passes_a_view_of_the_wrong_input_through():
    # a view op: the storage count is no screen there, so the byte extents of output and inputs decide
    found = [f for f in run_call(CALLS["alias_other"]()).findings if f.invariant == catalog.UNDECLARED_ALIAS]
    assert [f.detail for f in found] == [{"overlaps": "y"}]


def test_nested_strided_input_is_snapshotted():
    # a strided nested tensor has no sizes or strides: its buffer bytes still show a write
    n = nested_strided()
    state = snapshots.take_state(n, False)
    assert snapshots.unchanged(state, n)
    n.unbind()[0].fill_(5.0)
    assert not snapshots.unchanged(state, n)
    assert snapshots.Snapshot(state).changed(n) == "data"
    assert run_call(CALLS["nested strided input"]()).error is None


def test_screen_passes_violations_through(hot_path):
    # the screen must not clear a known violation: q_per_channel_scales' output is held by the quantizer
    assert any(f.invariant == catalog.TENSOR_IMPL for f in run_call(CALLS["q_per_channel_scales"]()).findings)


@pytest.mark.parametrize("opinfo_id", ["nn.functional.embedding_bag", "linalg.lu", "unsafe_chunk", "histogram", "native_batch_norm", "nn.functional.pad.replicate_negative"])
def test_screen_agrees_on_opinfo_samples(opinfo_id, hot_path):
    opinfo = catalog.opinfos_by_id()[opinfo_id]
    for args, kwargs in float32_samples(opinfo):
        _same_both_ways(Call(opinfo_id, opinfo.op, args, kwargs))


def test_state_sees_storage_swap_and_stride_change():
    t = torch.ones(4)
    state = snapshots.take_state(t, False)
    assert snapshots.unchanged(state, t)
    t.as_strided_((2,), (2,))
    assert not snapshots.unchanged(state, t)
    assert snapshots.Snapshot(state).changed(t) == "size"
    u = torch.ones(4)
    state = snapshots.take_state(u, False)
    u.set_(torch.ones(4).untyped_storage())
    assert snapshots.Snapshot(state).changed(u) == "storage"
    v = torch.ones(4)
    state = snapshots.take_state(v, False)
    v.add_(0)  # same data, bumped version
    assert snapshots.Snapshot(state).changed(v) == "version_counter"


def test_screen_clears_clean_calls(monkeypatch, hot_path):
    # the fast path is really taken: a clean functional, view and in-place op never reach the slow path
    slow = []
    real = checkmode.InvariantMode._record
    monkeypatch.setattr(checkmode.InvariantMode, "_record", lambda self, *a: slow.append(a[0].kind.name) or real(self, *a))
    for name in ("add_", "transpose", "split", "max.dim", "non-contiguous input"):
        assert run_call(CALLS[name]()).findings == []
    assert slow == []


def test_reading_an_input_does_not_materialize_a_copy_on_write_storage():
    # _lazy_clone leaves its input on a copy-on-write storage: asking for a writable data pointer would copy it
    # and look like the op swapped the input's storage
    t = torch.ones(3)
    ptr = const_data_ptr(t)
    result = run_call(Call("lc", aten._lazy_clone.default, (t,)))
    assert result.error is None and result.findings == []
    assert const_data_ptr(t) == ptr


@pytest.mark.parametrize("op, invariant", [
    ("mutate_input", catalog.UNDECLARED_MUTATION), ("alias_input", catalog.UNDECLARED_ALIAS), ("return_input", catalog.RETURNS_INPUT)])
def test_a_parameter_input_is_checked_as_a_tensor(op, invariant, hot_path):
    # model weights reach the mode as Parameters: their bytes, storage and extent are read as a plain tensor's
    import opprop
    from opprop.core import ledger as ledger_mod

    weight = torch.nn.Parameter(torch.ones(2, 2))
    with opprop.checking(ledger=ledger_mod.Ledger(None, {})) as found:
        getattr(custom_ops.ops, op)(weight)
    assert invariant in {f.invariant for f in found.findings}


def test_views_of_parameters_are_cleared_by_the_screen(monkeypatch, hot_path):
    # t(weight) in every linear layer: the declared view sits on the Parameter's storage, so the fast path clears it
    import opprop

    slow = []
    real = checkmode.InvariantMode._record
    monkeypatch.setattr(checkmode.InvariantMode, "_record", lambda self, *a: slow.append(a[0].kind.name) or real(self, *a))
    layer = torch.nn.Linear(3, 2)
    with opprop.checking() as found:
        layer(torch.randn(4, 3)).sum().backward()
    assert found.findings == [] and slow == []
