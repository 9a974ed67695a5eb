"""Quantized tensors and the ops that read their quantizer: where the quantizer keeps what it returns.

``q_per_channel_scales`` / ``q_per_channel_zero_points`` hand back tensors
the per-channel quantizer also holds (TensorImpl use_count 2);
``dequantize.self`` on a float tensor returns its input unchanged.
"""
from __future__ import annotations

import warnings

import torch

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


def _quantized_inputs(device):
    for dtype in QUANTIZED_DTYPES:
        yield per_tensor(dtype=dtype, device=device)
        yield per_channel(dtype=dtype, device=device)


@edge_generator(
    "quantized.per_channel_params",
    targets=("aten::q_per_channel_scales", "aten::q_per_channel_zero_points", "aten::q_per_channel_axis"),
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
)
def quantizer_reads(device):
    """Per-tensor and per-channel quantized tensors read through q_scale, q_zero_point and int_repr."""
    for q in _quantized_inputs(device):
        ops = [aten.int_repr.default]
        if q.qscheme() == torch.per_tensor_affine:
            ops += [aten.q_scale.default, aten.q_zero_point.default]
        for op in ops:
            yield Call(str(op._schema.name), op, (q,), source="quantized.quantizer_reads")


@edge_generator("quantized.dequantize", targets=("aten::dequantize.self", "aten::dequantize.tensors"))
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
