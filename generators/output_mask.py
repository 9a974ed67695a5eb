"""Backward ops that take a ``bool[N] output_mask``: every mask combination, undefined outputs legal.

A ``False`` in the mask makes the kernel return an undefined tensor (None in
Python) in that slot. The debug-build assert once tripped on these (use_count
0 read as "!= 1"); the relaxed invariant is ``<= 1``, so a None output must
pass. Each generator targets one CPU-runnable overload; the forward pass that
produces the saved statistics (mean, rstd, ...) runs while the call is built,
outside the checks, so only the backward kernel is judged.

Overloads with an output mask that do not run on CPU in this build, so are not
generated here: ``linear_backward``, ``matmul_backward``,
``_fused_rms_norm_backward``, ``mkldnn_linear_backward`` (no CPU kernel),
``_cudnn_rnn_backward``, ``miopen_rnn_backward``, the ``mps_*`` and
``_scaled_dot_product_*attention*_backward`` overloads (device-only), and
``convolution_backward_overrideable`` (raises for CPU tensors by design).
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Callable

import torch
from hypothesis import strategies as st

from opprop.core.calls import Call

from opprop.generators.registry import edge_generator
from opprop.strategies import ramp

aten = torch.ops.aten


def masks(n):
    """Every ``bool[n]`` mask, all-True first (the simplest, fully defined case)."""
    return [list(m) for m in itertools.product((True, False), repeat=n)]


def mask_strategy(n):
    return st.lists(st.booleans(), min_size=n, max_size=n)


@dataclasses.dataclass(frozen=True)
class MaskedBackward:
    """One backward overload: how to build its arguments for some params and a mask."""

    op: object
    n_mask: int
    default: dict  # params for the fixed samples
    params: object  # Hypothesis strategy of params dicts
    build: Callable  # (params, mask, device) -> args tuple

    @property
    def target(self) -> str:
        s = self.op._schema
        return s.name + ("." + s.overload_name if s.overload_name else "")

    @property
    def mask_index(self) -> int:
        """Position of the ``bool[N]`` mask in the schema's arguments."""
        return next(i for i, a in enumerate(self.op._schema.arguments) if str(a.type).startswith("List[bool]"))

    def call(self, params, mask, device) -> Call:
        return Call(self.target, self.op, self.build(params, list(mask), device), source=f"output_mask.{self.target}")

    def samples(self, device):
        for mask in masks(self.n_mask):
            yield self.call(self.default, mask, device)

    def strategy(self, device):
        return st.tuples(self.params, mask_strategy(self.n_mask)).map(lambda pm: self.call(pm[0], pm[1], device))


# ---------------------------------------------------------------- convolution


def _conv_params():
    return st.fixed_dictionaries(
        {
            "dims": st.sampled_from((2, 1, 3)),
            "n": st.integers(1, 2),
            "groups": st.sampled_from((1, 2)),
            "c_per_group": st.integers(1, 2),
            "out_per_group": st.integers(1, 2),
            "kernel": st.integers(1, 3),
            "stride": st.integers(1, 2),
            "padding": st.integers(0, 1),
            "dilation": st.integers(1, 2),
            "transposed": st.booleans(),
            "output_padding": st.integers(0, 1),
            "bias": st.booleans(),
            "size": st.integers(4, 6),
            "ggI": st.booleans(),  # _convolution_double_backward's optional grads-of-grads
            "ggW": st.booleans(),
        }
    )


CONV_DEFAULT = dict(dims=2, n=2, groups=1, c_per_group=2, out_per_group=3, kernel=3, stride=1, padding=1, dilation=1,
                    transposed=False, output_padding=0, bias=True, size=5, ggI=True, ggW=True)


def _conv_tensors(p, device):
    d, g = p["dims"], p["groups"]
    c_in, c_out = g * p["c_per_group"], g * p["out_per_group"]
    reach = p["dilation"] * (p["kernel"] - 1) + 1  # the kernel's extent: the input must be at least as large
    spatial = (max(p["size"], reach),) * d
    x = ramp((p["n"], c_in, *spatial), device=device)
    w_shape = (c_in, p["out_per_group"]) if p["transposed"] else (c_out, p["c_per_group"])
    w = ramp((*w_shape, *(p["kernel"],) * d), device=device, start=-0.5)
    # output_padding must be smaller than stride or dilation; only transposed convs take it
    op_pad = min(p["output_padding"], max(p["stride"], p["dilation"]) - 1) if p["transposed"] else 0
    geometry = ([p["stride"]] * d, [p["padding"]] * d, [p["dilation"]] * d, p["transposed"], [op_pad] * d, g)
    y = aten.convolution.default(x, w, None, *geometry)
    return x, w, c_out, geometry, ramp(tuple(y.shape), device=device)


def _convolution_backward_args(p, mask, device):
    x, w, c_out, geometry, gy = _conv_tensors(p, device)
    return (gy, x, w, [c_out] if p["bias"] else None, *geometry, mask)


def _convolution_double_backward_args(p, mask, device):
    x, w, c_out, geometry, gy = _conv_tensors(p, device)
    ggI = ramp(tuple(x.shape), device=device) if p["ggI"] else None
    ggW = ramp(tuple(w.shape), device=device) if p["ggW"] else None
    ggb = ramp((c_out,), device=device) if p["bias"] else None
    return (ggI, ggW, ggb, gy, w, x, *geometry, mask)


def _slow_conv2d_params():
    return st.fixed_dictionaries(
        {"n": st.integers(1, 2), "c_in": st.integers(1, 3), "c_out": st.integers(1, 3), "kernel": st.integers(1, 3),
         "stride": st.integers(1, 2), "padding": st.integers(0, 1), "size": st.integers(3, 6)}
    )


def _slow_conv2d_backward_args(p, mask, device):
    k, s, pad = [p["kernel"]] * 2, [p["stride"]] * 2, [p["padding"]] * 2
    x = ramp((p["n"], p["c_in"], p["size"], p["size"]), device=device)
    w = ramp((p["c_out"], p["c_in"], *k), device=device, start=-0.5)
    y = aten._slow_conv2d_forward.default(x, w, k, None, s, pad)
    return (ramp(tuple(y.shape), device=device), x, w, k, s, pad, mask)


# ---------------------------------------------------------------- normalization


def _norm_params():
    return st.fixed_dictionaries(
        {"n": st.integers(1, 3), "c": st.sampled_from((2, 4)), "length": st.integers(1, 4), "extra_dim": st.booleans(),
         "weight": st.booleans(), "bias": st.booleans(), "train": st.booleans(), "running": st.booleans()}
    )


NORM_DEFAULT = dict(n=2, c=4, length=3, extra_dim=False, weight=True, bias=True, train=True, running=True)
EPS = 1e-5


def _norm_input(p, device):
    shape = (p["n"], p["c"], p["length"]) + ((2,) if p["extra_dim"] else ())
    return ramp(shape, device=device, step=0.1)


def _native_batch_norm_backward_args(p, mask, device):
    x = _norm_input(p, device)
    c = p["c"]
    w = ramp((c,), device=device, start=0.5) if p["weight"] else None
    train = p["train"] or not p["running"]  # eval mode needs running stats
    rm = torch.zeros(c, device=device) if p["running"] else None
    rv = torch.ones(c, device=device) if p["running"] else None
    _, save_mean, save_invstd = aten.native_batch_norm.default(x, w, None, rm, rv, train, 0.1, EPS)
    if not train:
        save_mean = save_invstd = None  # eval-mode backward reads the running stats
    return (ramp(tuple(x.shape), device=device), x, w, rm, rv, save_mean, save_invstd, train, EPS, mask)


def _batch_norm_backward_args(p, mask, device):
    x = _norm_input(p, device)
    c = p["c"]
    w = ramp((c,), device=device, start=0.5)
    rm, rv = torch.zeros(c, device=device), torch.ones(c, device=device)
    if p["train"]:
        _, save_mean, save_rstd, reserve = aten._batch_norm_with_update.default(x, w, None, rm, rv, 0.1, EPS)
    else:
        _, save_mean, save_rstd, reserve = aten._batch_norm_no_update.default(x, w, None, rm, rv, 0.1, EPS)
    return (ramp(tuple(x.shape), device=device), x, w, rm, rv, save_mean, save_rstd, p["train"], EPS, mask, reserve)


def _batch_norm_impl_index_backward_args(p, mask, device):
    x = _norm_input(p, device)
    c = p["c"]
    w = ramp((c,), device=device, start=0.5) if p["weight"] else None
    rm, rv = torch.zeros(c, device=device), torch.ones(c, device=device)
    _, save_mean, save_invstd = aten.native_batch_norm.default(x, w, None, rm, rv, True, 0.1, EPS)
    reserve = torch.empty(0, dtype=torch.uint8, device=device)
    return (0, x, ramp(tuple(x.shape), device=device), w, rm, rv, save_mean, save_invstd, True, EPS, mask, reserve)


def _native_layer_norm_backward_args(p, mask, device):
    x = _norm_input(p, device)
    normalized = list(x.shape[2:]) if p["extra_dim"] else list(x.shape[-1:])
    w = ramp(tuple(normalized), device=device, start=0.5) if p["weight"] else None
    b = ramp(tuple(normalized), device=device) if p["bias"] else None
    _, mean, rstd = aten.native_layer_norm.default(x, normalized, w, b, EPS)
    # the kernel reads the device of weight / bias to make their grads: never ask for the grad of an absent one
    mask = [mask[0], mask[1] and w is not None, mask[2] and b is not None]
    return (ramp(tuple(x.shape), device=device), x, normalized, mean, rstd, w, b, mask)


def _native_group_norm_backward_args(p, mask, device):
    x = _norm_input(p, device)
    n, c = p["n"], p["c"]
    hxw = x.numel() // (n * c)
    group = 2 if p["train"] else 1  # reuse the flag to vary groups: 1 or 2 (c is even)
    w = ramp((c,), device=device, start=0.5) if p["weight"] else None
    b = ramp((c,), device=device) if p["bias"] else None
    _, mean, rstd = aten.native_group_norm.default(x, w, b, n, c, hxw, group, EPS)
    # grad_weight and grad_bias both need weight (autograd never asks for them without it)
    mask = [mask[0], mask[1] and w is not None, mask[2] and w is not None]
    return (ramp(tuple(x.shape), device=device), x, mean, rstd, w, n, c, hxw, group, mask)


# ---------------------------------------------------------------- grid sampler


def _grid_params(modes):
    return st.fixed_dictionaries(
        {"n": st.integers(1, 2), "c": st.integers(1, 3), "size": st.integers(2, 4), "out_size": st.integers(1, 3),
         "interpolation": st.sampled_from(modes), "padding_mode": st.sampled_from((0, 1, 2)), "align_corners": st.booleans()}
    )


GRID_DEFAULT = dict(n=2, c=2, size=3, out_size=2, interpolation=0, padding_mode=0, align_corners=False)


def _grid_sampler_backward_args(dims):
    def build(p, mask, device):
        x = ramp((p["n"], p["c"], *(p["size"],) * dims), device=device)
        out_spatial = (p["out_size"],) * dims
        grid = ramp((p["n"], *out_spatial, dims), device=device, start=-1.0, step=None) * 2 - 1  # in [-1, 1)
        gy = ramp((p["n"], p["c"], *out_spatial), device=device)
        return (gy, x, grid, p["interpolation"], p["padding_mode"], p["align_corners"], mask)

    return build


SPECS = (
    MaskedBackward(aten.convolution_backward.default, 3, CONV_DEFAULT, _conv_params(), _convolution_backward_args),
    MaskedBackward(aten._convolution_double_backward.default, 3, CONV_DEFAULT, _conv_params(), _convolution_double_backward_args),
    MaskedBackward(aten._slow_conv2d_backward.output_mask, 3, dict(n=2, c_in=2, c_out=3, kernel=3, stride=1, padding=1, size=4),
                   _slow_conv2d_params(), _slow_conv2d_backward_args),
    MaskedBackward(aten.native_batch_norm_backward.default, 3, NORM_DEFAULT, _norm_params(), _native_batch_norm_backward_args),
    MaskedBackward(aten.batch_norm_backward.default, 3, NORM_DEFAULT, _norm_params(), _batch_norm_backward_args),
    MaskedBackward(aten._batch_norm_impl_index_backward.default, 3, NORM_DEFAULT, _norm_params(), _batch_norm_impl_index_backward_args),
    MaskedBackward(aten.native_layer_norm_backward.default, 3, NORM_DEFAULT, _norm_params(), _native_layer_norm_backward_args),
    MaskedBackward(aten.native_group_norm_backward.default, 3, NORM_DEFAULT, _norm_params(), _native_group_norm_backward_args),
    MaskedBackward(aten.grid_sampler_2d_backward.default, 2, GRID_DEFAULT, _grid_params((0, 1, 2)), _grid_sampler_backward_args(2)),
    MaskedBackward(aten.grid_sampler_3d_backward.default, 2, GRID_DEFAULT, _grid_params((0, 1)), _grid_sampler_backward_args(3)),
)


def _register(spec: MaskedBackward) -> None:
    def samples(device):
        return spec.samples(device)

    samples.__doc__ = (
        f"{spec.target}: every output_mask combination on fixed inputs; a False slot returns an undefined "
        f"output, which is legal (use_count 0 <= 1) and must pass."
    )
    edge_generator(f"output_mask.{spec.target}", targets=(spec.target,), strategy=spec.strategy)(samples)


for _spec in SPECS:
    _register(_spec)
