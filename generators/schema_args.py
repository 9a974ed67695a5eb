"""Schema argument types -> values drawn through a ``DrawContext``: what each type can hold, simplest first.

The context carries what the whole call shares (base shape, dtype, the
op's learned validity) so tensors agree with each other, and it records
every choice it makes, so ``opprop.inputs.validity`` can learn which ones the op
rejects.
"""
from __future__ import annotations

import math
import re

import torch
from hypothesis import strategies as st

from opprop.core import tensor_kinds
from opprop.generators import schema_groups, schema_producers
from opprop.strategies import edge_modes, kinds

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)

DTYPES = (torch.float32, torch.float64, torch.int64, torch.bool, torch.complex64, torch.int32, torch.bfloat16, torch.float16, torch.uint8, torch.int8)
SUPPORTED_TYPES = {
    "Tensor", "Optional[Tensor]", "List[Tensor]", "List[Optional[Tensor]]", "Optional[List[Optional[Tensor]]]",
    "int", "Optional[int]", "List[int]", "Optional[List[int]]", "float", "Optional[float]", "List[float]",
    "Optional[List[float]]", "number", "Optional[number]", "List[number]", "bool", "Optional[bool]", "List[bool]",
    "ScalarType", "Optional[ScalarType]", "Optional[Layout]", "Layout", "Optional[MemoryFormat]", "MemoryFormat",
    "Device", "Optional[Device]", "str", "Optional[str]", "Optional[Generator]", "complex",
}
QUANTIZED_DTYPES = (torch.quint8, torch.qint8, torch.qint32)
LIST_LENGTHS = ("same", "own")  # a later tensor list: the call's first list's length, or one drawn for it alone
# Known string enums, by argument name: the first is the simplest.
STR_ENUMS = {
    "reduce": ("sum", "mean", "prod", "amax", "amin"),
    "rounding_mode": ("trunc", "floor"),
    "approximate": ("none", "tanh"),
    "side": ("left", "right"),
    "indexing": ("ij", "xy"),
    "interpolation": ("linear", "lower", "higher", "nearest", "midpoint"),
    "padding_mode": ("zeros", "reflect"),
    "mode": ("bilinear", "nearest"),
    "padding": ("valid", "same"),
    "UPLO": ("L", "U"),
    "driver": ("gelsy",),
    "norm": ("backward", "forward", "ortho"),
    "compute_mode": ("use_mm_for_euclid_dist_if_necessary",),
    "equation": ("i->i",),
    "layout": ("NCHW",),
    # a fused op's post-op: none or relu (mkldnn_prepacked::conv2d_prepack, the unary pointwise ops), add or mul (the
    # binary ones, mkldnn::_linear_pointwise.binary); any other string is "Fusion behavior undefined"
    "attr": ("none", "relu", "add", "mul"),
}


def unsupported_types(op) -> list[str]:
    """Argument types with no strategy: neither a type drawn here nor an opaque class some producer returns."""
    def drawn(a) -> bool:
        t = str(a.real_type)
        opaque = schema_producers.opaque_type(t)
        return t in SUPPORTED_TYPES or (opaque is not None and bool(schema_producers.producers_of(opaque))) or schema_groups.draws(op, a)

    return [str(a.real_type) for a in op._schema.arguments if not drawn(a)]


# Dispatch keys whose kernel takes dense strided CPU tensors.
DENSE_KEYS = ("CPU", "CompositeExplicitAutograd", "CompositeExplicitAutogradNonFunctional", "CompositeImplicitAutograd")
# Kernels the dispatcher runs for every backend key (alias keys): an op with one takes any kind of tensor.
GENERIC_KEYS = ("CompositeExplicitAutograd", "CompositeExplicitAutogradNonFunctional", "CompositeImplicitAutograd")


def kernel_names(op_name: str) -> list[str]:
    """The overloads whose kernels say what tensors ``op_name`` takes.

    An out= variant's kernel is mostly the generated CompositeExplicitAutograd
    one, which calls the functional overload: that one's kernels decide
    (``_coalesce.out`` runs only on the sparse tensors ``_coalesce`` takes).
    """
    base, _, overload = op_name.partition(".")
    if (overload == "out" or overload.endswith("_out")) and torch._C._dispatch_has_kernel(base):
        return [base, op_name]
    return [op_name]


def kinds_for(op_name: str, *, generic: bool = True) -> list[str]:
    """Tensor kinds worth drawing for an op (``tensor_kinds``), the ones it has a kernel for first.

    Dense kinds lead where the op has a dense CPU (or composite) kernel; an op
    with kernels only for sparse, quantized or nested tensors draws those
    first, so the simplest draw is one it can run. An ATen op with a generic kernel
    (``GENERIC_KEYS``: registered for every backend key) is offered every kind
    after those: it runs on whatever reaches it, which is where it may break.
    ``generic=False``: the kinds it has kernels for only (its schedule's kind
    rows: twenty rows cannot hold every kind beside every value rule, so the
    generic kinds come in free draws, per argument).
    """
    names = kernel_names(op_name)
    drawn = tensor_kinds.kinds(drawn=True)
    dense = [k.name for k in drawn if k.dense]
    other = [k.name for k in drawn if not k.dense and k.taken_by(op_name, names)]
    # a library's composite op is drawn on the kinds its own kernels name: the torch ops it calls are crossed as
    # targets of their own, where a bug they hold is keyed to them, not to every op that calls them
    generic = generic and op_name.startswith("aten::") and any(tensor_kinds.has_kernel(names, key) for key in GENERIC_KEYS)
    more = [k.name for k in drawn if not k.dense and generic and k.name not in other]  # after the kinds it has kernels for
    if any(tensor_kinds.has_kernel(names[:1], key) for key in DENSE_KEYS) or not other:
        return [*dense, *other, *more]
    return [*other, *dense, *more]


def spatial_dims(op_name: str) -> int | None:
    """The N of an op named for N spatial dims (``adaptive_avg_pool2d``, ``upsample_nearest3d_backward``), else None."""
    m = re.search(r"[a-z]([123])d(?:_|$)", op_name.split("::")[-1].split(".")[0])  # not atleast_3d: any ndim
    return int(m.group(1)) if m else None


class DrawContext:
    """What one drawn call shares across its arguments, and the choices made so far."""

    def __init__(self, draw, op, learner, device: str, plan: dict | None = None, prefix: str = ""):
        self.draw = draw
        self.prefix = prefix  # a producer's arguments, drawn for a consumer: its choices named "ARG>choice" in the consumer's
        self.plan = plan or {}  # the mode choices drawn up front (generators.schedule): ``choose`` takes them as drawn
        self.op = op
        self.op_name = op._schema.name + ("." + op._schema.overload_name if op._schema.overload_name else "")
        self.arg_names = {a.name for a in op._schema.arguments}
        self.learner = learner
        self.device = device
        self.choices: dict[str, str] = {}
        self.values: dict = {}
        self.kinds = kinds_for(self.op_name)
        # An op named for N spatial dims takes (batch, channels, *N) or (channels, *N), mostly non-empty.
        self.spatial = spatial_dims(self.op_name)
        ndims = (self.spatial + 2, self.spatial + 1) if self.spatial else (2, 1, 3, 0, 4)
        ndim = self.choose("ndim", ndims)
        if self.choose("square", (True, False)):
            side = draw(st.integers(1, 3))
            self.shape = (side,) * ndim
        else:
            smallest = 1 if self.spatial else 0
            self.shape = tuple(draw(st.lists(st.integers(smallest, 4), min_size=ndim, max_size=ndim)))
        # a choice like any other, so a mode the op keeps rejecting (0-d, ...) stops shaping its rows
        base = self.choose("tensors.mode", edge_modes.TENSOR_MODES) if "tensors.mode" in self.plan else None
        if base is not None:  # a scheduled row: every tensor shares its mode's shape, and only a zero-size row is empty
            shape = tuple(max(s, 1) for s in self.shape)
            self.shape = edge_modes.base_shape(base, shape, keep_ndim=bool(self.spatial))
        self.positions = {a.name: i for i, a in enumerate(op._schema.arguments)}
        self.dtype = self.choose("dtype", DTYPES)
        # an op that makes quantized tensors (quantize_per_tensor, _empty_affine_quantized) takes quantized dtypes
        # as its ScalarType arguments ("ScalarType Float is not supported in new_qtensor"): they lead, the others stay
        # (quantize_per_tensor_dynamic takes float16, and returns its input then)
        base = self.op_name.partition("::")[2].split(".")[0]
        self.makes_quantized = "quantize" in base and not base.startswith(("dequantize", "fake_quantize", "_fake_quantize"))
        self.list_length: int | None = None  # the call's one tensor-list length, once a list is drawn (tensor_list_length)

    def tensor_list_length(self) -> int:
        """One length for every tensor list of the call, drawn at the first.

        Ops that take several lists (``_foreach_add.List``, ``_foreach_addcmul``, the fused optimizers) refuse
        lists of different lengths, as they refuse a scalar list of another length: a length drawn per list
        met that rule about one time in three (in a 600 s sweep, the most common refusal of reached overloads).
        A later list keeps its own length when the choice ``lists.length`` says so (a quarter of the draws, until
        the validity record drops it): ``_foreach_copy`` crashes on lists of different lengths.
        """
        if self.list_length is None:
            self.list_length = self.draw(st.integers(1, 3))
        elif self.choose("lists.length", LIST_LENGTHS) == "own":
            return self.draw(st.integers(1, 3))
        return self.list_length

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def choose(self, choice: str, options, *, even: bool = False):
        """Draw one option, skipping those the op is known to reject; record it. A choice the plan made is taken as it is.
        ``even``: every option as often as the first (none is simpler than another: a quantized engine)."""
        choice = self.prefix + choice
        allowed = self.learner.steered(choice, options, self.draw) if self.learner is not None else list(options)
        if choice in self.plan and self.plan[choice] in options:
            value = self.plan[choice] if self.plan[choice] in allowed else allowed[0]
            self.choices[choice] = str(value)
            return value
        # The first option is the simplest, the one most ops accept: about half the draws take it,
        # the rest spread over all options (and shrinking still ends at the first).
        index = self.draw(st.integers(0, (1 if even else 2) * len(allowed) - 1))
        value = allowed[index if index < len(allowed) else 0]
        self.choices[choice] = str(value)
        return value

    def tensor(self, name: str, shape=None, dtype=None, kind: str | None = None) -> torch.Tensor:
        shape = self.shape if shape is None else tuple(shape)
        dtype = self.dtype if dtype is None else dtype
        kind = kind or self.choose(f"{name}.kind", self.kinds)
        spec = tensor_kinds.kind(kind)
        # a mode shapes dense tensors only (kinds every op is offered): asked (and recorded, for the validity record) only for them
        mode = self.choose(f"{name}.mode", edge_modes.TENSOR_MODES) if f"{name}.mode" in self.plan and spec.taken_by is None else "plain"
        if mode != "plain":
            return edge_modes.build(mode, shape, dtype, self.device, salt=self.positions.get(name, 0))
        options = {option: self.choose(f"{name}.{option}", _weights_first(name, option, choices)) for option, choices in spec.options.items()}
        if spec.dtypes is not None and dtype not in spec.dtypes:
            dtype = torch.float32
        try:
            return tensor_kinds.make(kind, shape, dtype, device=self.device, **options)
        except (RuntimeError, ValueError, IndexError):  # this shape has no such kind (CSR of 0 batches, ...)
            self.choices[f"{name}.kind"] = "dense"
            return kinds.values(shape, dtype, self.device)


# What a weight is quantized as first: qint8, as every quantized engine (fbgemm, qnnpack, onednn) packs qint8 weights
# beside quint8 activations ("expected scalar type QInt8 but found QUInt8" was most prepack refusals); symmetrically
# (zero point 0), as PyTorch's weight observers quantize it, since onednn packs no other ("ONEDNN only supports
# symmetric quantization of weight, whose zero point must be 0").
WEIGHT_FIRST = {"qdtype": torch.qint8, "zero_point": 0}


def _weights_first(name: str, option: str, choices):
    """A weight's quantization options with ``WEIGHT_FIRST``'s value leading; any other tensor's as they are."""
    if option not in WEIGHT_FIRST or name.lower() not in ("w", "weight", "weights", "packed_weight"):
        return choices
    first = WEIGHT_FIRST[option]
    return (first, *(c for c in choices if c != first))


def value_for_type(arg, ctx: DrawContext):
    """A value for an argument from its type alone (after the name conventions had no say)."""
    t = str(arg.real_type)
    name = arg.name
    draw = ctx.draw
    if t.startswith("Optional["):
        if ctx.choose(f"{name}.none", (True, False)):
            return None
        t = t[len("Optional["):-1]
    if t == "Tensor":
        return ctx.tensor(name)
    if t in ("List[Tensor]", "List[Optional[Tensor]]"):
        n = ctx.tensor_list_length()
        return [ctx.tensor(f"{name}", kind="dense") for _ in range(n)]
    if t == "int":
        return draw(st.integers(0, 2))
    if t == "List[int]":
        n = arg.N if arg.N else ctx.ndim
        return [draw(st.integers(0, 2)) for _ in range(n)]
    if t == "float":
        return draw(st.sampled_from((1.0, 0.5, 2.0)))
    if t == "List[float]":
        return [1.0] * (arg.N or max(ctx.ndim - 2, 1))
    if t == "number":
        return draw(st.sampled_from((1, 2, 0.5)))
    if t == "List[number]":  # a scalar per tensor of the call's tensor lists (``_foreach_add.ScalarList``), when it has one
        return [1] * (arg.N or ctx.list_length or 1)
    if t == "complex":
        return complex(1, 1)
    if t == "bool":
        return draw(st.booleans())
    if t == "List[bool]":
        if arg.N and arg.N <= edge_modes.MAX_MASK:  # every combination, all True first (the plan draws which)
            return list(ctx.choose(f"{name}.mask", edge_modes.mask_combinations(arg.N)))
        return [True] * (arg.N or 3)
    if t == "ScalarType":
        return ctx.choose(f"{name}.dtype", QUANTIZED_DTYPES + DTYPES if ctx.makes_quantized else DTYPES)
    if t == "Layout":
        return torch.strided
    if t == "MemoryFormat":
        return ctx.choose(f"{name}.format", (torch.contiguous_format, torch.preserve_format))
    if t == "Device":
        return torch.device(ctx.device)
    if t == "str":
        if name in STR_ENUMS:
            return ctx.choose(f"{name}.enum", STR_ENUMS[name])
        return arg.default_value if isinstance(arg.default_value, str) else ""
    if t == "Generator":
        return None
    raise TypeError(f"no strategy for argument type {t}")


def contiguous_strides(shape) -> list[int]:
    strides, acc = [], 1
    for s in reversed(list(shape)):
        strides.append(acc)
        acc *= max(s, 1)
    return strides[::-1]


def numel(shape) -> int:
    return math.prod(shape)
