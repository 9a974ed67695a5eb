"""Each invariant catches a real violation and stays silent on clean ops."""
import pytest
import torch

from opprop.check import catalog
from opprop.core.calls import Call
from opprop.check.runner import run_call

import custom_ops  # noqa: F401  (registers opprop_test::*)

aten = torch.ops.aten


def keys(call, snapshot_data="all"):
    result = run_call(call, snapshot_data=snapshot_data)
    assert result.error is None, result.error
    return {(f.aten_op, f.invariant) for f in result.findings}


def per_channel():
    return torch.quantize_per_channel(
        torch.arange(6.0).reshape(2, 3), torch.tensor([0.5, 1.0], dtype=torch.double), torch.zeros(2, dtype=torch.long), 0, torch.qint8
    )


# ------------------------------------------------------------- catching real violations


def test_tensorimpl_use_count_catches_q_per_channel_scales():
    result = run_call(Call("q", aten.q_per_channel_scales.default, (per_channel(),)))
    (finding,) = [f for f in result.findings if f.invariant == catalog.TENSOR_IMPL]
    assert finding.aten_op == "aten::q_per_channel_scales"
    assert finding.detail == {"use_count": 2}
    assert finding.output_index == 0
    assert finding.inputs["self"]["qscheme"] == "per_channel_affine"


def test_tensorimpl_use_count_catches_custom_op_holding_its_output():
    assert (("opprop_test::hold_output", catalog.TENSOR_IMPL)) in keys(Call("h", custom_ops.ops.hold_output.default, (torch.ones(3),)))


def test_tensorimpl_use_count_counts_one_tensor_in_two_output_slots_twice():
    """The C++ assert sees two handles (one per slot); Python's wrapper is counted once, so the check adds the slot."""
    result = run_call(Call("t", custom_ops.ops.one_tensor_twice.default, (torch.ones(3),)))
    found = sorted((f.output_index, f.detail["use_count"]) for f in result.findings if f.invariant == catalog.TENSOR_IMPL)
    assert found == [(0, 2), (1, 2)]


def test_returns_input_catches_dequantize_on_float():
    x = torch.ones(2, 3)
    found = keys(Call("d", aten.dequantize.self, (x,)))
    assert ("aten::dequantize.self", catalog.RETURNS_INPUT) in found
    # it hands back a TensorImpl the caller holds; its storage is still held once
    assert ("aten::dequantize.self", catalog.TENSOR_IMPL) in found
    assert ("aten::dequantize.self", catalog.STORAGE_IMPL) not in found


def test_storageimpl_and_alias_catch_unsafe_split():
    found = keys(Call("u", aten.unsafe_split.Tensor, (torch.ones(4, 2), 2)))
    assert ("aten::unsafe_split.Tensor", catalog.STORAGE_IMPL) in found
    assert ("aten::unsafe_split.Tensor", catalog.UNDECLARED_ALIAS) in found


def test_undeclared_alias_catches_custom_op_returning_a_view():
    found = keys(Call("a", custom_ops.ops.alias_input.default, (torch.ones(2, 2),)))
    assert ("opprop_test::alias_input", catalog.UNDECLARED_ALIAS) in found
    assert ("opprop_test::alias_input", catalog.STORAGE_IMPL) in found


@pytest.mark.parametrize("snapshot_data, changed", [("all", "data"), ("schema", "data")])
def test_undeclared_mutation_catches_custom_op_writing_its_input(snapshot_data, changed):
    result = run_call(Call("m", custom_ops.ops.mutate_input.default, (torch.ones(3),)), snapshot_data=snapshot_data)
    (finding,) = [f for f in result.findings if f.invariant == catalog.UNDECLARED_MUTATION]
    assert finding.detail == {"argument": "x", "changed": changed}


def test_undeclared_mutation_catches_metadata_change_without_data_snapshot():
    lib = torch.library.Library("opprop_test_resize", "DEF")
    lib.define("shrink(Tensor x) -> Tensor")
    lib.impl("shrink", lambda x: x.resize_(1).clone(), "CPU")
    result = run_call(Call("s", torch.ops.opprop_test_resize.shrink.default, (torch.ones(3),)), snapshot_data="schema")
    assert [f.detail["changed"] for f in result.findings if f.invariant == catalog.UNDECLARED_MUTATION] == ["size"]


def test_checks_see_kernels_inside_composite_ops():
    # embedding_bag is composite above dispatch; the checks see the kernels it calls
    result = run_call(
        Call("nn.functional.embedding_bag", torch.nn.functional.embedding_bag, (torch.tensor([0, 1, 2]), torch.ones(4, 3), torch.tensor([0, 1])), {"mode": "max"})
    )
    assert any(name.startswith("aten::_embedding_bag") for name in result.reached)


# ------------------------------------------------------------- silent on clean ops

x = torch.arange(12.0).reshape(3, 4)
CLEAN = {
    "add": Call("add", aten.add.Tensor, (x, x)),
    "mul": Call("mul", aten.mul.Tensor, (x, 2.0)),
    "view": Call("view", aten.view.default, (x, [12])),
    "transpose": Call("transpose", aten.transpose.int, (x, 0, 1)),
    "add_": Call("add_", lambda: x.clone().add_(1), ()),
    "add.out": Call("add.out", lambda: torch.add(x, x, out=torch.empty(3, 4)), ()),
    "custom clean": Call("clean", custom_ops.ops.clean.default, (x,)),
    "split": Call("split", aten.split.Tensor, (x, 2)),
}


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_silent_on_clean_op(name):
    result = run_call(CLEAN[name], snapshot_data="all")
    assert result.error is None
    assert result.findings == []
    assert result.reached  # the op did reach the checks


@pytest.mark.parametrize("mask", [[True, False, False], [False, True, False], [False, False, True], [True, True, False], [False, False, False]])
def test_convolution_backward_with_output_mask_is_clean(mask):
    grad, inp, weight = torch.ones(1, 2, 3, 3), torch.ones(1, 3, 5, 5), torch.ones(2, 3, 3, 3)
    call = Call(
        "convolution_backward",
        aten.convolution_backward.default,
        (grad, inp, weight, [2], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, mask),
    )
    result = run_call(call, snapshot_data="all")
    assert result.error is None
    out = call()
    assert [o is None for o in out] == [not m for m in mask]  # undefined outputs really happened
    assert result.findings == []
