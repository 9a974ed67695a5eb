"""Quantized kinds: per-tensor and per-channel (integer or float zero points), every quantized dtype.

A quantized tensor is strided: ``specs.TensorSpec`` keeps its quantizer
(``quant``) and values, so each kind needs only its builder and which ops
take it.
"""
from __future__ import annotations

import warnings

import torch

from opprop.core.tensor_kinds.dense import values
from opprop.core.tensor_kinds.registry import TensorKind, has_kernel

RANK = 1
QUANTIZED_DTYPES = (torch.quint8, torch.qint8, torch.qint32, torch.quint4x2, torch.quint2x4)  # every quantized dtype
PER_CHANNEL_DTYPES = (torch.quint8, torch.qint8, torch.qint32)  # what quantize_per_channel accepts on CPU with integer zero points
FLOAT_QPARAMS_DTYPES = (torch.quint8, torch.quint4x2)  # what it accepts with float zero points (embedding-bag style)
PACKED_DTYPES = (torch.quint4x2, torch.quint2x4)  # 2 or 4 values a byte: the innermost size must be even
ZERO_POINT_RANGE = {torch.quint8: (0, 255), torch.qint8: (-128, 127), torch.qint32: (-(2**31), 2**31 - 1), torch.quint4x2: (0, 15), torch.quint2x4: (0, 3)}
QSCHEMES = ("per_tensor", "per_channel", "per_channel_float_qparams")
QUANTIZED_OP_PREFIXES = ("aten::q_", "aten::dequantize", "aten::int_repr")  # ops named for quantized tensors, whatever their kernels


def _quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # quantized creation warns it is a prototype
        return fn(*args, **kwargs)


def quantized(shape, dtype=torch.quint8, scheme="per_tensor", axis=0, device="cpu", *, scale=0.5, zero_point=None) -> torch.Tensor:
    """Quantize ``values(shape)``, the one builder of quantized tensors (schema draws, edge generators, tests).

    ``scheme``: ``per_tensor`` (any quantized dtype; ``zero_point`` default 1,
    0 for qint32), ``per_channel`` along ``axis`` (scales from ``scale`` to
    three times it, zero points 0) or ``per_channel_float_qparams`` (float
    zero points from 0 to 1, as quantized embedding bags use).
    """
    shape = tuple(shape)
    x = values(shape, torch.float32, device)
    if scheme == "per_tensor" or len(shape) == 0:
        zp = (1 if dtype != torch.qint32 else 0) if zero_point is None else zero_point
        return _quiet(torch.quantize_per_tensor, x, scale, zp, dtype)
    if scheme not in QSCHEMES:
        raise ValueError(f"unknown quantization scheme {scheme!r}; expected one of {QSCHEMES}")
    axis = axis % len(shape)
    n = shape[axis]
    scales = torch.linspace(scale, 3 * scale, n, dtype=torch.double, device=device) if n > 1 else torch.full((n,), scale, dtype=torch.double, device=device)
    if scheme == "per_channel_float_qparams":
        zero_points = torch.linspace(0.0, 1.0, n, dtype=torch.float32, device=device)
    else:
        zero_points = torch.zeros(n, dtype=torch.long, device=device)
    return _quiet(torch.quantize_per_channel, x, scales, zero_points, axis, dtype)


def scheme_dtypes(scheme: str, dtypes=QUANTIZED_DTYPES) -> list:
    """The dtypes of ``dtypes`` that ``scheme`` can quantize to on CPU."""
    if scheme == "per_channel":
        return [d for d in dtypes if d in PER_CHANNEL_DTYPES]
    if scheme == "per_channel_float_qparams":
        return [d for d in dtypes if d in FLOAT_QPARAMS_DTYPES]
    return list(dtypes)


def _taken_by(op_name: str, kernel_names: list) -> bool:
    return has_kernel(kernel_names, "QuantizedCPU") or op_name.startswith(QUANTIZED_OP_PREFIXES)


def _kind(name: str, scheme: str, drawn: bool = True) -> TensorKind:
    def build(shape, dtype, device, qdtype=torch.quint8, zero_point=None):
        return quantized(shape, qdtype if qdtype in scheme_dtypes(scheme) else torch.quint8, scheme, device=device, zero_point=zero_point)

    # zero_point: None is the builder's own (1; 0 for qint32), 0 a symmetric quantization (a per-tensor one; per channel,
    # zero points are 0 anyway)
    return TensorKind(name, build, _taken_by, options={"qdtype": QUANTIZED_DTYPES, "zero_point": (None, 0)}, drawn=drawn)


KINDS = (
    _kind("quantized_per_tensor", "per_tensor"),
    _kind("quantized_per_channel", "per_channel"),
    _kind("quantized_per_channel_float_qparams", "per_channel_float_qparams", drawn=False),
)
