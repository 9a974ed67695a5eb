"""Rebuildable descriptions of a call's arguments: what the shrinker edits and the repro emitter prints.

A captured call holds real tensors; a ``CallSpec`` holds ``TensorSpec``s
instead (dtype, shape, layout, quantizer, and values as a fill rule or a
literal list), so it can be rebuilt exactly, edited one property at a time,
written as Python source and stored as JSON.
"""
from __future__ import annotations

import dataclasses
import math
import warnings
from typing import Any

import torch
from torch._ops import OpOverload

from opprop.core.opnames import overload_from_name
from opprop.core import guard, process_group, produced, tensor_kinds
from opprop.core.process_group import GroupArg
from opprop.core.produced import ProducedSpec

FILLS = ("zeros", "ones", "arange", "values")  # simplest first


class SpecError(ValueError):
    """An argument opprop cannot describe well enough to rebuild it (a generator, a tensor subclass, ...)."""


def _dtype(name: str) -> torch.dtype:
    dtype = getattr(torch, name, None)
    if not isinstance(dtype, torch.dtype):
        raise SpecError(f"unknown dtype {name!r}")
    return dtype


def dtype_name(dtype: torch.dtype) -> str:
    return str(dtype).replace("torch.", "")


@dataclasses.dataclass(frozen=True)
class TensorSpec:
    """A tensor to build. ``values`` (fill "values") are the flat contents of the buffer the tensor views.

    Contiguous when ``stride`` is None; otherwise ``as_strided`` over a
    buffer of ``offset + span`` elements. Quantized when ``quant`` is
    ``("per_tensor", qdtype, scale, zero_point)`` or
    ``("per_channel", qdtype, axis, scales, zero_points)`` (``per_channel_float``:
    float zero points); then ``dtype``
    is the float dtype quantized from and ``values`` are float values.

    Other kinds are built from ``parts``, themselves specs, the way torch
    builds them: ``layout`` names a ``tensor_kinds.PartsLayout``, which says
    what the parts are (sparse COO: indices and values, with ``shape`` its
    size and ``coalesced`` its flag; nested: its components, ``shape``
    ``()``) and how they are read, built and written.

    ``guarded``: its buffer ends at an inaccessible page (``guard``), so a
    kernel's write past it faults at the write, in every environment.

    ``requires_grad``: the tensor is built as a leaf that requires grad.
    Some kernels branch on it below autograd (``as_strided_scatter``'s
    contiguity assert holds only for inputs that require grad), so a repro
    without it may not die the way the call did.
    """

    dtype: str
    shape: tuple
    fill: str = "arange"
    values: tuple | None = None
    stride: tuple | None = None
    offset: int = 0
    quant: tuple | None = None
    layout: str = "strided"
    parts: tuple = ()
    coalesced: bool | None = None
    requires_grad: bool = False
    guarded: bool = False

    @property
    def numel(self) -> int:
        return math.prod(self.shape)

    @property
    def buffer_numel(self) -> int:
        """Elements the repro allocates: the tensor's own, or its strided buffer's (for other kinds: its parts')."""
        if self.layout != "strided":
            return sum(p.buffer_numel for p in self.parts)
        if self.stride is None:
            return self.numel
        if self.numel == 0:
            return self.offset
        return self.offset + 1 + sum((n - 1) * s for n, s in zip(self.shape, self.stride))

    def replace(self, **changes) -> "TensorSpec":
        return dataclasses.replace(self, **changes)


@dataclasses.dataclass(frozen=True)
class Literal:
    """A torch constant argument (dtype, layout, memory format, device) kept by name."""

    text: str  # "torch.float32"


@dataclasses.dataclass
class CallSpec:
    op: str  # "aten::q_per_channel_scales" (qualified overload name)
    args: tuple
    kwargs: dict = dataclasses.field(default_factory=dict)
    engine: str | None = None  # the quantized engine it ran under, when not the default (quantized_engine)

    @property
    def overload(self) -> OpOverload:
        op = overload_from_name(self.op)
        if op is None:
            raise SpecError(f"no overload named {self.op}")
        return op

    def build(self) -> tuple[tuple, dict]:
        return tuple(build_value(a) for a in self.args), {k: build_value(v) for k, v in self.kwargs.items()}

    def replace(self, **changes) -> "CallSpec":
        return dataclasses.replace(self, **changes)

    @property
    def guarded(self) -> bool:
        """Whether any buffer the call builds ends at an inaccessible page (its repro defines ``guard.SOURCE``)."""
        return any(t.guarded for t in self.tensors())

    @property
    def on_group(self) -> bool:
        """Whether the call takes the one-process group, its name or a ReduceOp (its repro starts the group)."""
        return any(isinstance(v, GroupArg) for a in list(self.args) + list(self.kwargs.values()) for v in _leaves(a))

    def tensors(self) -> list[TensorSpec]:
        """The strided tensors the call builds: sparse and nested arguments count as their parts."""
        return _strided_parts([t for v in (*self.args, *self.kwargs.values()) for t in _leaves(v) if isinstance(t, TensorSpec)])

    def as_json(self) -> dict:
        d = {"op": self.op, "args": [to_json(a) for a in self.args], "kwargs": {k: to_json(v) for k, v in self.kwargs.items()}}
        return {**d, "engine": self.engine} if self.engine else d

    @classmethod
    def from_json(cls, d: dict) -> "CallSpec":
        return cls(d["op"], tuple(from_json(a) for a in d["args"]), {k: from_json(v) for k, v in d.get("kwargs", {}).items()}, d.get("engine"))

    def __eq__(self, other):
        return isinstance(other, CallSpec) and self.as_json() == other.as_json()


def _strided_parts(specs) -> list:
    out = []
    for t in specs:
        out.extend(_strided_parts(t.parts) if t.layout != "strided" else [t])
    return out


def _leaves(v):
    if isinstance(v, (list, tuple)):
        for x in v:
            yield from _leaves(x)
    elif isinstance(v, ProducedSpec):  # the producer's arguments are the call's too
        yield from _leaves(list(v.call.args) + list(v.call.kwargs.values()))
    else:
        yield v


# ---------------------------------------------------------------- from real values


def describe(value: Any, *, grad: bool = False):
    """The spec of a real argument value, read before the op runs (so a later write does not leak in).

    ``grad`` keeps which tensors require grad. Crash repros ask for it (a
    kernel may branch on the flag); ownership repros do not: they call the
    op with autograd on, where an in-place op on a leaf that requires grad
    (an optimizer's ``param.add_``, run under ``no_grad``) would raise.
    """
    if isinstance(value, torch.Tensor):
        return tensor_spec(value, grad=grad)
    if isinstance(value, (list, tuple)):
        return [describe(v, grad=grad) for v in value]
    group = process_group.group_arg(value)  # before str: the group's name is one, with this process's id in it
    if group is not None:
        return group
    if value is None or isinstance(value, (bool, int, float, str, complex)):
        return value
    if isinstance(value, (torch.dtype, torch.layout, torch.memory_format)):
        return Literal(str(value))
    if isinstance(value, torch.device):
        return Literal(f"torch.device({str(value)!r})")
    maker = produced.producer_call(value)  # an opaque object a producer made for this call: that call, made again
    if maker is not None:
        return ProducedSpec(CallSpec(maker.target, tuple(describe(a, grad=grad) for a in maker.args),
                                     {k: describe(v, grad=grad) for k, v in maker.kwargs.items()}))
    raise SpecError(f"cannot rebuild an argument of type {type(value).__name__}")


def tensor_spec(t: torch.Tensor, *, grad: bool = False) -> TensorSpec:
    """``t``'s spec; ``grad``: with its ``requires_grad`` flag (see ``describe``)."""
    spec = _tensor_spec(t)
    return spec.replace(requires_grad=True) if grad and t.requires_grad else spec


def _tensor_spec(t: torch.Tensor) -> TensorSpec:
    if t.device.type != "cpu":
        raise SpecError("repros are built on CPU; this tensor is on " + str(t.device))
    t = t.detach()
    layout = tensor_kinds.layout_of(t)
    if layout is not None:  # built from parts (sparse, nested): each part is a spec of its own
        fields = layout.spec_fields(t)
        parts = tuple(tensor_spec(p) for p in layout.components(t))
        return TensorSpec(dtype_name(t.dtype), fields.pop("shape"), "values", layout=layout.name, parts=parts, **fields)
    if type(t) is not torch.Tensor:
        raise SpecError(f"cannot rebuild a {type(t).__name__} tensor")
    if t.layout != torch.strided:
        raise SpecError(f"cannot rebuild a {t.layout} tensor")
    if t.is_quantized:
        qdtype = dtype_name(t.dtype)
        if t.qscheme() == torch.per_tensor_affine:
            quant = ("per_tensor", qdtype, float(t.q_scale()), int(t.q_zero_point()))
        elif t.qscheme() in (torch.per_channel_affine, torch.per_channel_affine_float_qparams):
            float_qparams = t.qscheme() == torch.per_channel_affine_float_qparams  # float zero points
            quant = (
                "per_channel_float" if float_qparams else "per_channel",
                qdtype,
                int(t.q_per_channel_axis()),
                tuple(float(s) for s in t.q_per_channel_scales().tolist()),
                tuple((float if float_qparams else int)(z) for z in t.q_per_channel_zero_points().tolist()),
            )
        else:
            raise SpecError(f"cannot rebuild qscheme {t.qscheme()}")
        values = tuple(t.dequantize().contiguous().reshape(-1).tolist())
        return TensorSpec("float32", tuple(t.shape), "values", values, quant=quant)
    if t.is_contiguous() and t.storage_offset() == 0:
        return TensorSpec(dtype_name(t.dtype), tuple(t.shape), "values", tuple(t.reshape(-1).tolist()))
    spec = TensorSpec(dtype_name(t.dtype), tuple(t.shape), "values", stride=tuple(t.stride()), offset=t.storage_offset())
    if t.numel() == 0:  # no element to read; its offset may lie past an empty storage (torch.zeros(5, 0, 2)[3])
        return spec.replace(fill="zeros")
    buffer = torch.as_strided(t, (spec.buffer_numel,), (1,), 0)
    return spec.replace(values=tuple(buffer.tolist()))


# ---------------------------------------------------------------- to real values


def _flat(spec: TensorSpec, n: int) -> torch.Tensor:
    dtype = _dtype(spec.dtype)
    if spec.fill == "zeros":
        return torch.zeros(n, dtype=dtype)
    if spec.fill == "ones":
        return torch.ones(n, dtype=dtype)
    if spec.fill == "arange":
        return torch.arange(n).to(dtype)
    if spec.fill == "values":
        if spec.values is None or len(spec.values) != n:
            raise SpecError(f"tensor spec wants {n} values, has {0 if spec.values is None else len(spec.values)}")
        return torch.tensor(list(spec.values), dtype=dtype)
    raise SpecError(f"unknown fill {spec.fill!r}")


def build_tensor(spec: TensorSpec) -> torch.Tensor:
    """Built the way the repro script builds it (``repro.tensor_source``), down to which tensors are views."""
    t = _build_tensor(spec)
    return t.requires_grad_() if spec.requires_grad else t


def _build_tensor(spec: TensorSpec) -> torch.Tensor:
    if spec.layout != "strided":
        return _build_kind(spec)
    if spec.fill in ("zeros", "ones") and spec.stride is None and spec.quant is None and not spec.guarded:
        return getattr(torch, spec.fill)(spec.shape, dtype=_dtype(spec.dtype))
    flat = _flat(spec, spec.buffer_numel)
    if spec.guarded:
        flat = guard.guarded(flat)
    if spec.stride is not None:
        t = torch.as_strided(flat, spec.shape, spec.stride, spec.offset)
    elif len(spec.shape) == 1 and spec.shape[0] == spec.buffer_numel:
        t = flat
    else:
        t = flat.reshape(spec.shape)
    if spec.quant is None:
        return t
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if spec.quant[0] == "per_tensor":
            _, qdtype, scale, zero_point = spec.quant
            return torch.quantize_per_tensor(t, scale, zero_point, _dtype(qdtype))
        scheme, qdtype, axis, scales, zero_points = spec.quant
        zp_dtype = torch.float32 if scheme == "per_channel_float" else torch.long
        return torch.quantize_per_channel(
            t, torch.tensor(scales, dtype=torch.double), torch.tensor(zero_points, dtype=zp_dtype), axis, _dtype(qdtype)
        )


def _build_kind(spec: TensorSpec) -> torch.Tensor:
    try:
        layout = tensor_kinds.layout(spec.layout)
    except KeyError as e:
        raise SpecError(e.args[0]) from None
    return layout.build(spec, [build_tensor(p) for p in spec.parts])


def build_value(v):
    if isinstance(v, TensorSpec):
        return build_tensor(v)
    if isinstance(v, Literal):
        return eval(v.text, {"torch": torch})  # only texts describe() wrote: torch.<constant> / torch.device(...)
    if isinstance(v, GroupArg):
        return process_group.build(v)
    if isinstance(v, ProducedSpec):
        return v.build()  # a fresh object from its producer
    if isinstance(v, (list, tuple)):
        return [build_value(x) for x in v]
    return v


# ---------------------------------------------------------------- JSON


def _num_json(x):
    if isinstance(x, float) and not math.isfinite(x):
        return {"float": repr(x)}
    if isinstance(x, complex):
        return {"complex": [_num_json(x.real), _num_json(x.imag)]}
    return x


def _num_from(x):
    if isinstance(x, dict) and "float" in x:
        return float(x["float"])
    if isinstance(x, dict) and "complex" in x:
        return complex(_num_from(x["complex"][0]), _num_from(x["complex"][1]))
    return x


def to_json(v):
    if isinstance(v, TensorSpec):
        d = {"dtype": v.dtype, "shape": list(v.shape), "fill": v.fill}
        if v.values is not None:
            d["values"] = [_num_json(x) for x in v.values]
        if v.stride is not None:
            d["stride"], d["offset"] = list(v.stride), v.offset
        if v.quant is not None:
            d["quant"] = [list(q) if isinstance(q, tuple) else q for q in v.quant]
        if v.layout != "strided":
            d["layout"], d["parts"] = v.layout, [to_json(p) for p in v.parts]
            if v.coalesced is not None:
                d["coalesced"] = v.coalesced
        if v.requires_grad:
            d["requires_grad"] = True
        if v.guarded:
            d["guarded"] = True
        return {"tensor": d}
    if isinstance(v, Literal):
        return {"literal": v.text}
    if isinstance(v, GroupArg):
        return {"group": v.what}
    if isinstance(v, ProducedSpec):
        return {"produced": v.call.as_json()}
    if isinstance(v, (list, tuple)):
        return [to_json(x) for x in v]
    return _num_json(v)


def from_json(v):
    if isinstance(v, dict) and "tensor" in v:
        d = v["tensor"]
        quant = tuple(tuple(q) if isinstance(q, list) else q for q in d["quant"]) if d.get("quant") else None
        return TensorSpec(
            dtype=d["dtype"],
            shape=tuple(d["shape"]),
            fill=d["fill"],
            values=tuple(_num_from(x) for x in d["values"]) if "values" in d else None,
            stride=tuple(d["stride"]) if "stride" in d else None,
            offset=d.get("offset", 0),
            quant=quant,
            layout=d.get("layout", "strided"),
            parts=tuple(from_json(p) for p in d.get("parts", ())),
            coalesced=d.get("coalesced"),
            requires_grad=bool(d.get("requires_grad", False)),
            guarded=bool(d.get("guarded", False)),
        )
    if isinstance(v, dict) and "literal" in v:
        text = v["literal"]
        if not text.startswith("torch."):
            raise SpecError(f"bad literal {text!r}")
        return Literal(text)
    if isinstance(v, dict) and "group" in v:
        try:
            return GroupArg(v["group"])
        except ValueError as e:
            raise SpecError(str(e)) from None
    if isinstance(v, dict) and "produced" in v:
        return ProducedSpec(CallSpec.from_json(v["produced"]))
    if isinstance(v, list):
        return [from_json(x) for x in v]
    return _num_from(v)
