"""generators/opinfo.py: drawn calls are fresh, really mutated, and mostly valid."""
import pytest
import torch
from hypothesis import assume, find, given, settings
from hypothesis import strategies as st
from torch.testing._internal.opinfo.core import SampleInput

from opprop.check import catalog
from opprop.listing import reachable
from opprop.explore.target import resolve
from opprop.generators.opinfo import SampleChange, allowed_changes, apply, opinfo_call_strategy, pristine_samples
from opprop.strategies import StrideLayout

FIND = settings(max_examples=300, database=None)


def strategy(name):
    return opinfo_call_strategy(catalog.opinfos_by_id()[name])


def _first(call):
    return call.args[0]


@settings(max_examples=10, database=None)
@given(call=st.deferred(lambda: strategy("add")))
def test_calls_are_fresh_copies_never_the_samples(call):
    samples = pristine_samples("add", torch.float32, "cpu")
    pristine = {s.input.untyped_storage().data_ptr() for s in samples if s.input.untyped_storage().nbytes()}
    assume(call.args[0].untyped_storage().nbytes() > 0)
    assert call.args[0].untyped_storage().data_ptr() not in pristine


def test_copies_keep_aliasing_between_arguments():
    base = torch.arange(6.0)
    sample = SampleInput(base[1:], args=(base[:3], base[1:]))
    input_, args, _ = apply(sample, SampleChange())
    assert input_.untyped_storage().data_ptr() == args[0].untyped_storage().data_ptr() != base.untyped_storage().data_ptr()
    assert (input_.storage_offset(), args[0].storage_offset()) == (1, 0)
    assert torch.equal(input_, base[1:])


@pytest.mark.parametrize(
    "what, holds",
    [
        ("non-contiguous", lambda c: _first(c).dim() >= 2 and not _first(c).is_contiguous()),
        ("storage offset", lambda c: _first(c).storage_offset() > 0),
        ("stride 0", lambda c: 0 in _first(c).stride() and _first(c).numel() > 1),
        ("other dtype", lambda c: _first(c).dtype != torch.float32),
        ("requires_grad", lambda c: _first(c).requires_grad),
    ],
)
def test_sum_draws_mutated_inputs(what, holds):
    call = find(strategy("sum"), holds, settings=FIND)
    assert holds(call), what


def test_bool_flags_are_flipped():
    call = find(strategy("sum"), lambda c: "flip keepdim" in c.source, settings=FIND)
    index, dtype = (part.strip() for part in call.source.split(":", 1)[1].split(",")[:2])
    samples = pristine_samples("sum", getattr(torch, dtype), "cpu")  # the dtype the call was drawn in
    assert call.kwargs["keepdim"] is not samples[int(index.split()[1])].kwargs["keepdim"]


def test_optional_keywords_are_dropped():
    call = find(strategy("nn.functional.conv2d"), lambda c: "drop stride" in c.source, settings=FIND)
    assert "stride" not in call.kwargs


def test_probe_refuses_layouts_view_as_complex_cannot_take():
    refused = allowed_changes("view_as_complex").refused
    assert ("layout", "transposed") in refused and ("layout", "sliced") in refused
    assert ("drop", "dim") in allowed_changes("sum").refused  # sum(x, keepdim=...) without dim is a TypeError
    # add takes every change but autograd in ComplexHalf (its backward needs sum_cpu, which ComplexHalf lacks)
    assert allowed_changes("add").refused == {("grad", (mode, torch.complex32)) for mode in ("backward", "gradgrad")}


def test_probe_marks_cuda_only_opinfos_unusable():
    assert "Jiterator" in allowed_changes("jiterator_unary").unusable
    assert allowed_changes("add").unusable is None


@pytest.mark.parametrize("name", ["add", "nn.functional.conv2d", "index_select", "view_as_complex"])
def test_valid_rate(name):
    cov = reachable.drawn_coverage(resolve(name), "cpu", examples=20)
    assert cov["valid"] == 20 and cov["rejected_fraction"] <= 0.2, cov["error_kinds"]


def test_layout_transform_keeps_values():
    x = torch.arange(12.0).reshape(3, 4)
    for kind in ("transposed", "sliced", "offset"):
        assert torch.equal(StrideLayout(kind).apply(x), x)


def test_sample_building_builds_the_same_samples_and_restores_torch():
    """Samples are reseeded before each one; seeding only the CPU generator, with no stack walk, must not change them."""
    from torch.testing._internal import common_utils
    from torch.testing._internal.opinfo import core

    from opprop.explore.sources import sample_building

    opinfo = catalog.opinfos_by_id()["add"]

    def build(fast: bool):
        torch.manual_seed(123)  # a different state before each build: the per-sample reseed must override it
        with (sample_building("cpu") if fast else torch.random.fork_rng(devices=[])):
            return [s.input.clone() for s in opinfo.sample_inputs("cpu", torch.float32)]

    full, fast = build(False), build(True)
    assert len(full) == len(fast) > 3
    assert all(torch.equal(a, b) for a, b in zip(full, fast))
    assert len({a.sum().item() for a in full}) > 1  # random values, so equality above means the same seeds
    assert torch.manual_seed.__module__ == "torch.random"
    assert common_utils.extract_test_fn.__module__ == common_utils.__name__
    assert core.extract_test_fn is common_utils.extract_test_fn


def test_an_overload_of_another_namespace_takes_no_opinfo_named_like_it():
    """An OpInfo calls the ATen op its aten_name names: quantized::linear and prims::add share a name with one, and were
    drawn as dense F.linear and torch.add calls that never reached them (after seconds of probing the OpInfo's samples)."""
    from opprop.explore.sources import opinfos_for_overload

    assert [o.name for o in opinfos_for_overload(torch.ops.aten.linear.default)] == ["nn.functional.linear"]
    for other in (torch.ops.quantized.linear.default, torch.ops._quantized.conv_transpose2d.default, torch.ops.prims.add.default):
        assert opinfos_for_overload(other) == [], other
