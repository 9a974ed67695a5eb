"""Ops with only a strided nested-tensor kernel (NestedTensorCPU): called the way the nested code paths call them.

A schema draw rarely gets these right: each op wants several nested tensors
of one ragged structure, or a dense tensor sized from one (a padded copy,
one component's gradient, attention scores). Every tensor comes from
``strategies.kinds.nested``: ``count`` components of ``(rows + i, cols)``.
The metadata readers (``_nested_tensor_size`` and friends) return tensors
the NestedTensorImpl keeps.
"""
from __future__ import annotations

import torch
from hypothesis import strategies as st

from opprop.core.calls import Call
from opprop.strategies import kinds

from opprop.generators.registry import edge_generator

aten = torch.ops.aten
METADATA = (aten._nested_tensor_size.default, aten._nested_tensor_strides.default, aten._nested_tensor_storage_offsets.default)
OPS = ("metadata", "to_padded_tensor", "from_padded", "select_backward", "sum_backward", "softmax_with_shape", "linear_backward", "matmul_backward")


def _call(op, *args):
    schema = op._schema
    return Call(schema.name + (f".{schema.overload_name}" if schema.overload_name else ""), op, args, source="nested.kernels")


def calls(which: str, rows=1, cols=2, count=2, dtype=torch.float32, *, out=3, index=0, mask=(True, True, True), device="cpu"):
    """The calls of one op family on a nested tensor of ``count`` components ``(rows + i, cols)``."""

    def nt(c=cols):
        return kinds.nested((rows, c), dtype, "strided", device, count=count)

    if which == "metadata":
        return [_call(op, nt()) for op in METADATA]
    if which == "to_padded_tensor":
        return [_call(aten.to_padded_tensor.default, nt(), 0.0)]
    if which == "from_padded":  # to_padded_tensor wants some element to pad
        x = kinds.nested((max(rows, 1), cols), dtype, "strided", device, count=count)
        return [_call(aten._nested_from_padded_and_nested_example.default, aten.to_padded_tensor.default(x, 0.0), x)]
    if which == "select_backward":
        index = index % count
        return [_call(aten._nested_select_backward.default, kinds.values((rows + index, cols), dtype, device), nt(), 0, index)]
    if which == "sum_backward":
        x = nt()
        return [_call(aten._nested_sum_backward.default, x.sum(-1, keepdim=True), x, [-1], True)]
    if which == "softmax_with_shape":  # attention scores (batch, heads, max_len, max_len), masked by the query's lengths
        longest = rows + count - 1
        return [_call(aten._nested_tensor_softmax_with_shape.default, kinds.values((count, 1, longest, longest), dtype, device), nt())]
    if which == "linear_backward":
        return [_call(aten.linear_backward.default, nt(), nt(out), kinds.values((out, cols), dtype, device), list(mask))]
    if which == "matmul_backward":
        other = kinds.nested((cols, out), dtype, "strided", device, count=count, ragged=False)  # every component (cols, out)
        return [_call(aten.matmul_backward.default, nt(out), nt(), other, list(mask[:2]))]
    raise ValueError(f"unknown nested op family {which!r}; expected one of {OPS}")


def nested_strategy(device):
    """Op first, then structure (rows, cols, components, dtype), then masks and indices: shrinks to one small component."""
    return st.builds(
        lambda which, rows, cols, count, dtype, out, index, mask, pick: calls(
            which, rows, cols, count, dtype, out=out, index=index, mask=mask, device=device)[pick % (3 if which == "metadata" else 1)],
        st.sampled_from(OPS), st.integers(0, 3), st.integers(1, 3), st.integers(1, 3), st.sampled_from((torch.float32, torch.float64)),
        st.integers(1, 3), st.integers(0, 2), st.tuples(st.booleans(), st.booleans(), st.booleans()), st.integers(0, 2),
    )


@edge_generator(
    "nested.kernels",
    targets=("aten::_nested_tensor_size", "aten::_nested_tensor_strides", "aten::_nested_tensor_storage_offsets", "aten::to_padded_tensor",
             "aten::_nested_from_padded_and_nested_example", "aten::_nested_select_backward", "aten::_nested_sum_backward",
             "aten::_nested_tensor_softmax_with_shape", "aten::linear_backward", "aten::matmul_backward"),
    strategy=nested_strategy,
)
def nested_kernels(device):
    """Every op with only a strided nested-tensor kernel, on two ragged components of one structure."""
    for which in OPS:
        yield from calls(which, device=device)


# (dim0, dim1) pairs a strided nested tensor of 2-d components accepts: dim 0 is the batch, which only swaps with itself.
TRANSPOSE_DIMS = ((0, 0), (1, 1), (2, 2), (1, 2), (2, 1))


def _transpose_below_autograd(x, dim0, dim1):
    # Below ADInplaceOrView, where the debug asserts check a view's output: above it, autograd raises for
    # the degenerate call ("View operation returned a tensor that is the same as the input base tensor").
    with torch._C._AutoDispatchBelowADInplaceOrView():
        return aten.transpose.int(x, dim0, dim1)


def transpose_call(dims, rows=1, cols=2, count=2, dtype=torch.float32, device="cpu") -> Call:
    """``aten::transpose.int`` on a nested tensor: with dim0 == dim1 the nested kernel returns its very input."""
    x = kinds.nested((rows, cols), dtype, "strided", device, count=count)
    return Call("aten::transpose.int", _transpose_below_autograd, (x, *dims), source="nested.transpose")


def nested_transpose_strategy(device):
    return st.builds(
        lambda dims, rows, cols, count: transpose_call(dims, rows, cols, count, device=device),
        st.sampled_from(TRANSPOSE_DIMS), st.integers(0, 3), st.integers(1, 3), st.integers(1, 3),
    )


@edge_generator("nested.transpose", targets=("aten::transpose.int",), strategy=nested_transpose_strategy)
def nested_transpose(device):
    """transpose.int on strided nested tensors, the degenerate dim0 == dim1 included (a view op's nested kernel)."""
    for dims in TRANSPOSE_DIMS:
        yield transpose_call(dims, device=device)
