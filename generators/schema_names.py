"""Name conventions: argument names that say far more than their types (``dim``, ``indices``, ``weight``, ...).

Each convention takes the argument and the ``DrawContext`` and returns a
value, or ``None`` to leave the argument to its type. They make draws agree
with the shapes already drawn, so ops accept them far more often.
"""
from __future__ import annotations

import torch
from hypothesis import strategies as st

from opprop.core import tensor_kinds
from opprop.generators.schema_args import contiguous_strides, numel
from opprop.strategies.edge_modes import MAX_MASK

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)

MATRIX_NAMES = {"mat1", "mat2", "mat", "A", "B"}
BATCH_NAMES = {"batch1", "batch2"}
VECTOR_NAMES = {"vec", "vec1", "vec2"}


def _spatial(ctx) -> int:
    return ctx.spatial or max(ctx.ndim - 2, 1)


def _conv_like(ctx) -> bool:
    return "padding" in ctx.arg_names or "kernel_size" in ctx.arg_names


def _channels(ctx) -> int:
    return ctx.shape[1] if ctx.ndim >= 2 else (ctx.shape[0] if ctx.ndim else 1)


def _dim(arg, ctx):
    if str(arg.real_type) in ("int", "Optional[int]"):
        hi = max(ctx.ndim - 1, 0)
        return ctx.draw(st.integers(-1 if ctx.ndim else 0, hi) if ctx.ndim else st.just(0))
    if ctx.ndim == 0:
        return []
    which = ctx.choose(f"{arg.name}.dims", ("first", "all", "last"))
    return {"first": [0], "all": list(range(ctx.ndim)), "last": [ctx.ndim - 1]}[which]


def _dims_permutation(arg, ctx):
    return list(reversed(range(ctx.ndim))) if str(arg.real_type) == "List[int]" else None


def _size(arg, ctx):
    if "List[int]" not in str(arg.real_type):
        return None
    style = ctx.choose(f"{arg.name}.style", ("shape", "flat"))
    return list(ctx.shape) if style == "shape" else [numel(ctx.shape)]


def _stride(arg, ctx):
    if "List[int]" not in str(arg.real_type):
        return None
    if _conv_like(ctx):
        return [1] * (arg.N or _spatial(ctx))
    size = ctx.values.get("size") or ctx.values.get("sizes") or list(ctx.shape)
    return contiguous_strides(size)


def _spatial_list(value):
    def convention(arg, ctx):
        if "List[int]" not in str(arg.real_type):
            return None
        return [value] * (arg.N or _spatial(ctx))

    return convention


def _indices(arg, ctx):
    t = str(arg.real_type)
    limit = max(min(ctx.shape) if ctx.shape else 1, 1)
    if "self" not in ctx.values and isinstance(ctx.values.get("weight"), torch.Tensor):  # not a packed one: made later
        limit = max(ctx.values["weight"].shape[0], 1)
    style = ctx.choose(f"{arg.name}.style", ("1d", "same"))
    shape = (2,) if style == "1d" else ctx.shape
    index = torch.arange(numel(shape), dtype=torch.int64, device=ctx.device).remainder(limit).reshape(shape).clone()
    if t in ("List[Optional[Tensor]]", "Optional[List[Optional[Tensor]]]", "List[Tensor]"):
        return [index]
    if t in ("Tensor", "Optional[Tensor]"):
        return index
    return None


def _offsets(arg, ctx):
    if "Tensor" not in str(arg.real_type):
        return None
    return torch.tensor([0, 1], dtype=torch.int64, device=ctx.device)


def _weight(arg, ctx):
    if "Tensor" not in str(arg.real_type) or str(arg.real_type).startswith("List"):
        return None
    if str(arg.real_type).startswith("Optional") and ctx.choose(f"{arg.name}.none", (True, False)):
        return None
    # an op named for N spatial dims (conv2d, its prepack) or taking a padding (onednn::qconv_prepack) takes a
    # (out, in, *kernel) weight first; an embedding op (its prepack: "embedding_bag_prepack weight tensor rank should
    # be 2") a (rows, dim) table; others a per-channel one
    conv = ctx.spatial or _conv_like(ctx)
    shapes = ("conv", "channels", "same") if conv else ("table", "channels", "same") if "embedding" in ctx.op_name else ("channels", "same", "conv")
    style = ctx.choose(f"{arg.name}.shape", shapes)
    # a dense weight, unless the op has no dense kernel: a prepack op (quantized::conv2d_prepack) takes a quantized one
    kind = "dense" if tensor_kinds.kind(ctx.kinds[0]).dense else None
    if style == "table":  # an even dim: 4-bit rows pack two a byte; quantized rows carry float qparams, one per row
        table = (max(numel(ctx.shape), 1) + 1, 2 * _channels(ctx) + 2)
        return ctx.tensor(arg.name, shape=table, kind=kind or "quantized_per_channel_float_qparams")
    if style == "channels":
        return ctx.tensor(arg.name, shape=(_channels(ctx),), kind=kind)
    if style == "same":
        return ctx.tensor(arg.name)
    c = _channels(ctx)
    return ctx.tensor(arg.name, shape=(c, c, *([1] * _spatial(ctx))), kind=kind)  # a kernel dim per spatial dim, as stride has


def _bias(arg, ctx):
    if "Tensor" not in str(arg.real_type) or str(arg.real_type).startswith("List"):
        return None
    if str(arg.real_type).startswith("Optional") and ctx.choose(f"{arg.name}.none", (True, False)):
        return None
    return ctx.tensor(arg.name, shape=(_channels(ctx),), kind="dense")


def _mask(arg, ctx):
    t = str(arg.real_type)
    if t in ("Tensor", "Optional[Tensor]"):
        return ctx.tensor(arg.name, dtype=torch.bool, kind="dense")
    return None


def _output_mask(arg, ctx):
    if str(arg.real_type) != "List[bool]" or (arg.N and arg.N <= MAX_MASK):
        return None  # a short mask is drawn by its type, in every combination
    return [True] * (arg.N or 3)


def _matrix(shape_of):
    def convention(arg, ctx):
        if "Tensor" not in str(arg.real_type) or str(arg.real_type).startswith("List"):
            return None
        side = max(ctx.shape[-1], 1) if ctx.shape else 2
        return ctx.tensor(arg.name, shape=shape_of(side), kind="dense")

    return convention


def _upper(lower: str, default=0):
    """An upper bound above the lower one drawn before it: ``random_(from, to)``, ``randint(low, high)`` and
    ``uniform_(from, to)`` refuse ``from >= to``, which independent draws met about one time in three."""
    def convention(arg, ctx):
        t = str(arg.real_type)
        if t not in INT + FLOAT:
            return None
        low = ctx.values.get(lower, default)
        low = low if isinstance(low, (int, float)) and not isinstance(low, bool) else default
        step = ctx.draw(st.integers(1, 3))
        return low + (step if t in INT else float(step))

    convention.related_to = lower  # drawn in relation to another argument: no value rule overrides it (schema_values)

    return convention


# Ops whose one-tensor arguments are scalars of their tensor lists: ``_foreach_add.Tensor``'s ``other`` (0-d),
# ``_foreach_addcmul.Tensor``'s ``scalars`` (one per list element), the fused optimizers' ``lr``, ``grad_scale``.
SCALAR_TENSOR_FAMILIES = ("_foreach_", "_fused_")


def _list_scalar(arg, ctx):
    """A tensor argument of a list op: a 0-d scalar, or for ``scalars`` one value per list element."""
    if str(arg.real_type) not in ("Tensor", "Optional[Tensor]"):
        return NotImplemented
    shape = (ctx.list_length or ctx.tensor_list_length(),) if arg.name == "scalars" else ()  # the first list's
    return ctx.tensor(arg.name, shape=shape, kind="dense")


def _qparam(value, dtypes):
    """A quantization parameter: as a number, ``value``; as a tensor, one per channel of ``self``'s first dim when the
    op quantizes per channel (it has an ``axis``, drawn 0) and a single element otherwise. Drawn as a whole tensor it
    was refused: "a Tensor with 9 elements cannot be converted to Scalar", "scale tensor must have dimension 1"."""
    def convention(arg, ctx):
        t = str(arg.real_type)
        if t in INT + FLOAT:
            return value if t in (INT if isinstance(value, int) else FLOAT) else None
        if t not in ("Tensor", "Optional[Tensor]"):
            return None
        data = ctx.values.get("self", ctx.values.get("input"))
        channels = data.shape[0] if "axis" in ctx.arg_names and isinstance(data, torch.Tensor) and data.dim() else 1
        dtype = ctx.choose(f"{arg.name}.dtype", dtypes)
        return torch.full((channels,), value, dtype=dtype, device=ctx.device)

    return convention


def _constant(value, types=None):
    def convention(arg, ctx):
        if types is not None and str(arg.real_type) not in types:
            return None
        return value

    return convention


INT = ("int", "Optional[int]")
FLOAT = ("float", "Optional[float]")

CONVENTIONS = {
    "dim": _dim,
    "dims": _dims_permutation,
    "size": _size,
    "sizes": _size,
    "stride": _stride,
    "kernel_size": _spatial_list(1),
    "padding": _spatial_list(0),
    "output_padding": _spatial_list(0),
    "dilation": _spatial_list(1),
    "output_size": lambda a, c: (list(c.shape[-_spatial(c):]) if c.ndim >= _spatial(c) else [1] * _spatial(c)) if "List[int]" in str(a.real_type) else None,
    "indices": _indices,
    "index": _indices,
    "offsets": _offsets,
    "weight": _weight,
    "bias": _bias,
    "mask": _mask,
    "output_mask": _output_mask,
    "mat1": _matrix(lambda s: (s, s)),
    "mat2": _matrix(lambda s: (s, s)),
    "mat": _matrix(lambda s: (s, s)),
    "batch1": _matrix(lambda s: (s, s, s)),
    "batch2": _matrix(lambda s: (s, s, s)),
    "vec": _matrix(lambda s: (s,)),
    "vec1": _matrix(lambda s: (s,)),
    "vec2": _matrix(lambda s: (s,)),
    "groups": _constant(1, INT),
    "storage_offset": _constant(0, INT),
    "p": _constant(0.5, FLOAT),
    "eps": _constant(1e-5, FLOAT),
    "momentum": _constant(0.1, FLOAT),
    "reduction": _constant(1, INT),
    "chunks": _constant(1, INT),
    "sections": _constant(1, INT),
    "split_size": _constant(1, INT),
    "repeats": lambda a, c: [1] * c.ndim if str(a.real_type) == "List[int]" else None,
    "num_classes": _constant(-1, INT),
    "ignore_index": _constant(-100, INT),
    "scale": _qparam(0.5, (torch.float32, torch.float64)),
    "scales": _qparam(0.5, (torch.float32, torch.float64)),
    "zero_point": _qparam(0, (torch.int32, torch.int64, torch.float32)),
    "zero_points": _qparam(0, (torch.int32, torch.int64, torch.float32)),
    "axis": _constant(0, INT),
    # a sparse weight's block: 1 x 4, the one both sparse engines pack (fbgemm takes no other; qnnpack 1 x 4 or 8 x 1)
    "out_features_block_size": _constant(1, INT),
    "in_features_block_size": _constant(4, INT),
    "quant_min": _constant(0, INT),
    "quant_max": _constant(127, INT),
    "start": _constant(0, INT),
    "step": _constant(1, INT),
    "length": _constant(1, INT),
    "dim0": _constant(0, INT),
    "dim1": lambda a, c: (c.ndim - 1 if c.ndim else 0) if str(a.real_type) in INT else None,
    "dim2": lambda a, c: (c.ndim - 1 if c.ndim else 0) if str(a.real_type) in INT else None,
    "shifts": lambda a, c: [1] if str(a.real_type) == "List[int]" else None,
    "generator": _constant(None, ("Optional[Generator]",)),
    "pin_memory": _constant(None, ("Optional[bool]",)),
    "layout": _constant(None, ("Optional[Layout]",)),
    "device": lambda a, c: None if str(a.real_type) == "Optional[Device]" else None,
    "non_blocking": _constant(False, ("bool",)),
    "copy": _constant(False, ("bool",)),
    "to": _upper("from"),
    "high": _upper("low"),
}


RELATED = frozenset(name for name, convention in CONVENTIONS.items() if getattr(convention, "related_to", None))


def convention_value(arg, ctx):
    """The value a name convention gives this argument, or ``NotImplemented`` when none applies."""
    if ctx.op_name.partition("::")[2].startswith(SCALAR_TENSOR_FAMILIES):
        value = _list_scalar(arg, ctx)
        if value is not NotImplemented:
            return value
    convention = CONVENTIONS.get(arg.name)
    if convention is None:
        return NotImplemented
    value = convention(arg, ctx)
    if value is None and not (str(arg.real_type).startswith("Optional") and arg.name in ("generator", "pin_memory", "layout", "device", "weight", "bias")):
        return NotImplemented
    return value
