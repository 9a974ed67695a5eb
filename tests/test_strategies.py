"""opprop.strategies: argument validation, layouts that really are what they say, indices in range."""
import pytest
import torch
import torch.nn.functional as F
from hypothesis import find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from opprop.strategies import StrideLayout, dtypes, index_tensors, layouts, offsets, shapes, tensors


@pytest.mark.parametrize(
    "strategy",
    [
        lambda: dtypes([]),
        lambda: dtypes(torch.float32),
        lambda: dtypes(["float32"]),
        lambda: shapes(min_dims=3, max_dims=1),
        lambda: shapes(min_side=-1),
        lambda: shapes(max_dims=40),
        lambda: layouts(kinds=["bogus"]),
        lambda: layouts(shape=(3,), kinds=["channels_last"]),
        lambda: tensors(values="random"),
        lambda: tensors(dtype="float32"),
        lambda: tensors(layout=("diagonal",)),
        lambda: index_tensors(-1),
        lambda: index_tensors(3, dtype=torch.float32),
        lambda: index_tensors(0, shape=(2,)),
        lambda: offsets(3, min_bags=5, max_bags=2),
    ],
)
def test_bad_arguments_raise_invalid_argument(strategy):
    with pytest.raises(InvalidArgument):
        strategy().validate()


def test_layout_not_applicable_to_shape_raises():
    with pytest.raises(InvalidArgument):
        StrideLayout("transposed").apply(torch.ones(3))


def _values(t):
    return t.detach().contiguous()


X = torch.arange(24.0).reshape(2, 3, 4)


def test_transposed_is_non_contiguous_with_same_values():
    t = StrideLayout("transposed").apply(X)
    assert not t.is_contiguous() and t.stride() == (12, 1, 3)
    assert torch.equal(_values(t), X)


def test_sliced_has_a_step_and_same_values():
    t = StrideLayout("sliced", step=3).apply(X)
    assert t.stride()[-1] == 3 and not t.is_contiguous()
    assert torch.equal(_values(t), X)


def test_offset_has_positive_storage_offset_and_same_values():
    t = StrideLayout("offset", offset=2).apply(X)
    assert t.storage_offset() == 2 and t.is_contiguous()
    assert torch.equal(_values(t), X)


def test_expanded_has_stride_zero():
    t = StrideLayout("expanded").apply(X)
    assert t.stride()[0] == 0 and t.shape == X.shape
    assert torch.equal(t[1], X[0])  # the first slice, repeated
    assert StrideLayout("expanded").apply(torch.ones(1, 3)).stride() == (3, 0)  # the first dim of size > 1
    assert StrideLayout("expanded").apply(torch.ones(1, 1)).stride()[0] == 0  # no dim > 1: a size-1 dim gets stride 0


def test_channels_last_for_4d_and_5d():
    assert StrideLayout("channels_last").apply(torch.ones(2, 3, 4, 5)).is_contiguous(memory_format=torch.channels_last)
    t5 = StrideLayout("channels_last").apply(torch.arange(120.0).reshape(1, 2, 3, 4, 5))
    assert t5.is_contiguous(memory_format=torch.channels_last_3d) and not t5.is_contiguous()


def test_layouts_for_a_shape_only_draw_applicable_kinds():
    kinds = {StrideLayout.kind for StrideLayout in [find(layouts((3,)), lambda lay: lay.kind == k) for k in ("contiguous", "sliced", "offset", "expanded")]}
    assert kinds == {"contiguous", "sliced", "offset", "expanded"}
    with pytest.raises(Exception):
        find(layouts((3,)), lambda lay: lay.kind in ("transposed", "channels_last"), settings=settings(max_examples=200))


@pytest.mark.parametrize("wanted", [(), (0,), (1,)], ids=["0-d", "zero-size", "size-1"])
def test_shapes_reach_edge_shapes(wanted):
    found = find(shapes(), lambda s: s == wanted if wanted == () else (wanted[0] in s))
    assert found == wanted


def test_shapes_shrink_towards_fewer_dims():
    assert find(shapes(min_dims=0), lambda s: len(s) >= 2) == (0, 0)


@settings(max_examples=40)
@given(tensors(dtype=dtypes([torch.float32, torch.int64, torch.bool]), layout=("offset", "sliced"), requires_grad=st.booleans()))
def test_tensors_respect_dtype_and_layout(t):
    assert t.dtype in (torch.float32, torch.int64, torch.bool)
    if t.requires_grad:
        assert t.dtype == torch.float32
    if t.dim() >= 1 and t.shape[-1] > 1:  # sliced applies, so the layout is offset or sliced, never plain
        assert t.storage_offset() > 0 or t.stride()[-1] > 1


def test_tensors_draw_really_strided_layouts():
    t = find(tensors(dtype=torch.float32, shape=(2, 3)), lambda t: t.stride()[-1] == 0 or t.storage_offset() > 0 or not t.is_contiguous())
    assert t.shape == (2, 3)


def test_tensors_special_floats_only_when_allowed():
    t = find(tensors(dtype=torch.float32, shape=(3,), allow_special=True), lambda t: bool(torch.isnan(t).any()))
    assert torch.isnan(t).any()
    with pytest.raises(Exception):
        find(tensors(dtype=torch.float32, shape=(3,)), lambda t: bool(~torch.isfinite(t).any()), settings=settings(max_examples=100))


def test_arange_values_are_deterministic():
    a = tensors(dtype=torch.int64, shape=(2, 3), layout=StrideLayout(), values="arange").example()
    assert a.tolist() == [[0, 1, 2], [3, 4, 0]]


@settings(max_examples=50)
@given(st.data(), st.integers(0, 6), st.booleans())
def test_index_tensors_stay_in_range(data, size, negative):
    idx = data.draw(index_tensors(size, allow_negative=negative))
    low = -size if negative else 0
    assert idx.dtype == torch.int64
    assert bool(((idx >= low) & (idx < size)).all())
    if size:
        torch.arange(size)[idx]  # indexes without error


@settings(max_examples=50)
@given(st.data(), st.integers(0, 6), st.booleans())
def test_offsets_are_valid_embedding_bag_offsets(data, num_items, include_last):
    offs = data.draw(offsets(num_items, include_last_offset=include_last))
    values = offs.tolist()
    assert values[0] == 0 and values == sorted(values) and values[-1] <= num_items
    if include_last:
        assert values[-1] == num_items
    indices = data.draw(index_tensors(5, shape=(num_items,)))
    out = F.embedding_bag(indices, torch.ones(5, 2), offs, include_last_offset=include_last)
    assert out.shape[0] == len(values) - (1 if include_last else 0)
