"""Quantized tensors and the ops that read their quantizer: where the quantizer keeps what it returns.

``q_per_channel_scales`` / ``q_per_channel_zero_points`` hand back tensors
the per-channel quantizer also holds (TensorImpl use_count 2);
``dequantize.self`` on a float tensor returns its input unchanged.
"""
from __future__ import annotations

import warnings

import torch
from hypothesis import strategies as st

from opprop.calls import Call

from .registry import edge_generator

QUANTIZED_DTYPES = (torch.quint8, torch.qint8, torch.qint32)
aten = torch.ops.aten


def _quiet(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # quantized creation warns it is deprecated
        return fn(*args)


def per_tensor(shape=(2, 3), dtype=torch.qint8, scale=0.5, zero_point=0, device="cpu"):
    x = torch.arange(_numel(shape), dtype=torch.float32, device=device).reshape(shape)
    return _quiet(torch.quantize_per_tensor, x, scale, zero_point, dtype)


def per_channel(shape=(2, 3), dtype=torch.qint8, axis=0, device="cpu"):
    x = torch.arange(_numel(shape), dtype=torch.float32, device=device).reshape(shape)
    n = shape[axis]
    scales = torch.linspace(0.5, 1.5, n, dtype=torch.double, device=device)
    zero_points = torch.zeros(n, dtype=torch.long, device=device)
    return _quiet(torch.quantize_per_channel, x, scales, zero_points, axis, dtype)


def _numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


# ---------------------------------------------------------------- Hypothesis strategies

SCHEMES = ("per_tensor_affine", "per_channel_affine", "per_channel_affine_float_qparams")
FLOAT_QPARAMS_DTYPES = (torch.quint8, torch.quint4x2)  # what quantize_per_channel takes with float zero points
ZERO_POINT_RANGE = {torch.quint8: (0, 255), torch.qint8: (-128, 127), torch.qint32: (-(2**31), 2**31 - 1)}


@st.composite
def quantized_tensors(draw, device="cpu", schemes=SCHEMES):
    """A quantized ramp: scheme first, then dtype, shape (zero-size dims allowed), axis, scale and zero point."""
    scheme = draw(st.sampled_from(schemes))
    per_channel_scheme = scheme != "per_tensor_affine"
    dtype = draw(st.sampled_from(FLOAT_QPARAMS_DTYPES if scheme == "per_channel_affine_float_qparams" else QUANTIZED_DTYPES))
    shape = tuple(draw(st.lists(st.integers(0 if not per_channel_scheme else 1, 3), min_size=1 if per_channel_scheme else 0, max_size=3)))
    if dtype == torch.quint4x2 and shape and shape[-1] % 2:
        shape = shape[:-1] + (shape[-1] + 1,)  # two 4-bit values per byte: keep the packed dim even
    x = torch.arange(_numel(shape), dtype=torch.float32, device=device).reshape(shape)
    scale = draw(st.sampled_from((0.5, 1.0, 0.1)))
    if not per_channel_scheme:
        low, high = ZERO_POINT_RANGE[dtype]
        zero_point = draw(st.sampled_from(sorted({0, low, high, (low + high) // 2})))
        return _quiet(torch.quantize_per_tensor, x, scale, zero_point, dtype)
    axis = draw(st.integers(0, len(shape) - 1))
    n = shape[axis]
    scales = torch.linspace(scale, scale * 2, n, dtype=torch.double, device=device)
    if scheme == "per_channel_affine":
        zero_points = torch.zeros(n, dtype=torch.long, device=device)
    else:
        zero_points = torch.linspace(0.0, 1.0, n, dtype=torch.float32, device=device)
    return _quiet(torch.quantize_per_channel, x, scales, zero_points, axis, dtype)


def _float_tensors(device):
    """dequantize's pass-through: float32 comes back as the very same tensor, other floats are converted."""
    return st.tuples(
        st.sampled_from((torch.float32, torch.float64, torch.float16, torch.bfloat16)),
        st.lists(st.integers(0, 3), max_size=3),
        st.booleans(),
    ).map(lambda d: _float_ramp(tuple(d[1]), d[0], d[2], device))


def _float_ramp(shape, dtype, transposed, device):
    x = torch.arange(_numel(shape), dtype=dtype, device=device).reshape(shape)
    return x.t() if transposed and x.dim() == 2 else x


def _op_call(op, source):
    return lambda q: Call(str(op._schema.name) + ("." + op._schema.overload_name if op._schema.overload_name else ""), op, (q,), source=source)


def per_channel_params_strategy(device):
    """Every per-channel scheme, dtype, axis and shape, asked for scales, zero points and axis."""
    ops = (aten.q_per_channel_scales.default, aten.q_per_channel_zero_points.default, aten.q_per_channel_axis.default)
    return st.tuples(st.sampled_from(ops), quantized_tensors(device, schemes=SCHEMES[1:])).map(
        lambda oq: _op_call(oq[0], "quantized.per_channel_params")(oq[1])
    )


def quantizer_reads_strategy(device):
    """int_repr on every scheme; q_scale and q_zero_point on per-tensor ones (the only scheme they accept)."""
    per_tensor_ops = st.tuples(
        st.sampled_from((aten.int_repr.default, aten.q_scale.default, aten.q_zero_point.default)),
        quantized_tensors(device, schemes=SCHEMES[:1]),
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
    for dtype in QUANTIZED_DTYPES:
        yield per_tensor(dtype=dtype, device=device)
        yield per_channel(dtype=dtype, device=device)


@edge_generator(
    "quantized.per_channel_params",
    targets=("aten::q_per_channel_scales", "aten::q_per_channel_zero_points", "aten::q_per_channel_axis"),
    strategy=per_channel_params_strategy,
)
def per_channel_params(device):
    """Per-channel quantized tensors of every quantized dtype, asked for their quantizer's parameters."""
    for dtype in QUANTIZED_DTYPES:
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
