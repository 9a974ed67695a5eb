"""Quantized tensors and the ops that read their quantizer: where the quantizer keeps what it returns.

``q_per_channel_scales`` / ``q_per_channel_zero_points`` hand back tensors
the per-channel quantizer also holds (TensorImpl use_count 2);
``dequantize.self`` on a float tensor returns its input unchanged.
"""
from __future__ import annotations

import torch
from hypothesis import strategies as st

from opprop.core.calls import Call
from opprop.strategies import kinds

from opprop.generators.registry import edge_generator

aten = torch.ops.aten


def per_tensor(shape=(2, 3), dtype=torch.qint8, device="cpu"):
    return kinds.quantized(shape, dtype, "per_tensor", device=device)


def per_channel(shape=(2, 3), dtype=torch.qint8, axis=0, device="cpu"):
    return kinds.quantized(shape, dtype, "per_channel", axis, device)


def quantized_tensors(device="cpu", schemes=kinds.QSCHEMES):
    """Every quantized dtype and scheme (``strategies.kinds``), zero-size per-tensor shapes and extreme zero points included."""
    return kinds.quantized_tensors(schemes=schemes, min_side=0, scales=(0.5, 1.0, 0.1), extreme_zero_points=True, device=device)


def _float_tensors(device):
    """dequantize's pass-through: float32 comes back as the very same tensor, other floats are converted."""
    return st.tuples(
        st.sampled_from((torch.float32, torch.float64, torch.float16, torch.bfloat16)),
        st.lists(st.integers(0, 3), max_size=3),
        st.booleans(),
    ).map(lambda d: _float_ramp(tuple(d[1]), d[0], d[2], device))


def _float_ramp(shape, dtype, transposed, device):
    x = kinds.values(shape, dtype, device)
    return x.t() if transposed and x.dim() == 2 else x


def _op_call(op, source):
    return lambda q: Call(str(op._schema.name) + ("." + op._schema.overload_name if op._schema.overload_name else ""), op, (q,), source=source)


def per_channel_params_strategy(device):
    """Every per-channel scheme, dtype, axis and shape, asked for scales, zero points and axis."""
    ops = (aten.q_per_channel_scales.default, aten.q_per_channel_zero_points.default, aten.q_per_channel_axis.default)
    return st.tuples(st.sampled_from(ops), quantized_tensors(device, schemes=("per_channel", "per_channel_float_qparams"))).map(
        lambda oq: _op_call(oq[0], "quantized.per_channel_params")(oq[1])
    )


def quantizer_reads_strategy(device):
    """int_repr on every scheme; q_scale and q_zero_point on per-tensor ones (the only scheme they accept)."""
    per_tensor_ops = st.tuples(
        st.sampled_from((aten.int_repr.default, aten.q_scale.default, aten.q_zero_point.default)),
        quantized_tensors(device, schemes=("per_tensor",)),
    )
    any_scheme = st.tuples(st.just(aten.int_repr.default), quantized_tensors(device))
    return st.one_of(per_tensor_ops, any_scheme).map(lambda oq: _op_call(oq[0], "quantized.quantizer_reads")(oq[1]))


def dequantize_strategy(device):
    """Float pass-through first (the returns_input mode), then every scheme, then lists for dequantize.tensors."""
    one = st.one_of(_float_tensors(device), quantized_tensors(device)).map(_op_call(aten.dequantize.self, "quantized.dequantize"))
    many = st.lists(quantized_tensors(device), min_size=1, max_size=3).map(
        lambda qs: Call("aten::dequantize.tensors", aten.dequantize.tensors, (qs,), source="quantized.dequantize")
    )
    return st.one_of(one, many)


# ---------------------------------------------------------------- fixed samples


def _quantized_inputs(device):
    for dtype in kinds.PER_CHANNEL_DTYPES:  # the dtypes both schemes take
        yield per_tensor(dtype=dtype, device=device)
        yield per_channel(dtype=dtype, device=device)


@edge_generator(
    "quantized.per_channel_params",
    targets=("aten::q_per_channel_scales", "aten::q_per_channel_zero_points", "aten::q_per_channel_axis"),
    strategy=per_channel_params_strategy,
)
def per_channel_params(device):
    """Per-channel quantized tensors of every quantized dtype, asked for their quantizer's parameters."""
    for dtype in kinds.PER_CHANNEL_DTYPES:
        for axis in (0, 1):
            q = per_channel(dtype=dtype, axis=axis, device=device)
            for op in (aten.q_per_channel_scales.default, aten.q_per_channel_zero_points.default, aten.q_per_channel_axis.default):
                yield Call(str(op._schema.name), op, (q,), source="quantized.per_channel_params")


@edge_generator(
    "quantized.quantizer_reads",
    targets=("aten::q_scale", "aten::q_zero_point", "aten::int_repr", "aten::qscheme"),
    strategy=quantizer_reads_strategy,
)
def quantizer_reads(device):
    """Per-tensor and per-channel quantized tensors read through q_scale, q_zero_point and int_repr."""
    for q in _quantized_inputs(device):
        ops = [aten.int_repr.default]
        if q.qscheme() == torch.per_tensor_affine:
            ops += [aten.q_scale.default, aten.q_zero_point.default]
        for op in ops:
            yield Call(str(op._schema.name), op, (q,), source="quantized.quantizer_reads")


@edge_generator("quantized.dequantize", targets=("aten::dequantize.self", "aten::dequantize.tensors"), strategy=dequantize_strategy)
def dequantize(device):
    """dequantize on a float tensor (the pass-through) and on every quantized dtype and scheme."""
    op = aten.dequantize.self
    yield Call("aten::dequantize.self", op, (torch.arange(6, dtype=torch.float32, device=device).reshape(2, 3),), source="quantized.dequantize")
    for q in _quantized_inputs(device):
        yield Call("aten::dequantize.self", op, (q,), source="quantized.dequantize")
    yield Call(
        "aten::dequantize.tensors",
        aten.dequantize.tensors,
        ([per_tensor(device=device), per_channel(device=device)],),
        source="quantized.dequantize",
    )
