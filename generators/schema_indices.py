"""Structured indices: offsets, lengths and compressed indices drawn as a relation to the data they index.

An ``offsets`` tensor (``embedding_bag``, ``segment_reduce``, the jagged
nested-tensor ops), a CSR/CSC ``crow_indices``/``ccol_indices``, a
``lengths`` or ``batch_sizes`` tensor and a ``split_sizes`` list are not
free numbers: they cut a dimension of some data into segments. Kernels
branch on how they meet its end (a trailing empty bag, a last offset equal
to the length with ``include_last_offset``, lengths that sum to the size),
and check, or fail to check, one that runs past it. Each such argument has a
mode (``NAME.ends``) in the covering schedule (``generators.schedule``):

- offsets (monotone, from 0): ending ``at`` the data's length, at it with an
  ``empty`` last segment, ``before`` it, or ``past`` it;
- lengths (non-increasing, non-negative): summing to the length, to it with a
  trailing 0, to one less, or to one more.

``drawn`` is what the argument's name convention (``schema_names``) gives;
an argument without one has no useful plain draw, so it leads with ``at``.
The arguments are found by name (the set found in ``torch._C._jit_get_all_schemas()``
on torch 2.13) and type (an int tensor, a tensor list, an int list).
"""
from __future__ import annotations

import torch

from opprop.generators.schema_names import CONVENTIONS

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)

DRAWN = "drawn"
ENDS = ("at", "empty", "before", "past")  # how the segments meet the end of the data they cut
# Boundaries (monotone, starting at 0) into the data: embedding_bag's and segment_reduce's offsets, compressed indices.
OFFSET_NAMES = frozenset({"offsets", "crow_indices", "ccol_indices", "compressed_indices", "indptr", "cu_seqlens",
                          "cu_seqlens_q", "cu_seqlens_k"})
OFFSET_PREFIXES = ("cumulative_",)
# Segment sizes summing to the length: segment_reduce's and jagged tensors' lengths, a packed sequence's batch sizes.
LENGTH_NAMES = frozenset({"lengths", "batch_sizes", "split_sizes", "seq_lens", "seqlens"})
TYPES = frozenset({"Tensor", "Optional[Tensor]", "List[Tensor]", "List[int]", "Optional[List[int]]"})
# An axis argument says which dim of the data is cut (segment_reduce's ``axis``, split's ``dim``); else dim 0.
AXIS_NAMES = ("axis", "dim")


def structure_of(arg) -> str | None:
    """"offsets" or "lengths" for a structured index argument, None for any other."""
    if str(arg.real_type) not in TYPES or (arg.kwarg_only and arg.alias_info is not None):
        return None
    if arg.name in OFFSET_NAMES or arg.name.startswith(OFFSET_PREFIXES):
        return "offsets"
    return "lengths" if arg.name in LENGTH_NAMES else None


def ends_for(arg) -> tuple | None:
    """The options of a structured argument's ``NAME.ends`` mode, plain first; None for any other argument."""
    if structure_of(arg) is None:
        return None
    return (DRAWN, *ENDS) if arg.name in CONVENTIONS else ENDS


INDEX_DTYPES = (torch.int64, torch.int32)


def extent(arg, ctx) -> tuple[int, tuple]:
    """The length the argument cuts, and the batch dims it is repeated over: offsets into ``indices`` cut them all
    (embedding_bag); otherwise the first tensor drawn before it, along the drawn axis (dim 0 when none is drawn
    yet). Before any tensor (CSR's ``crow_indices`` comes before its ``col_indices`` and ``values``), the base
    shape's last dim, batched over the others: the tensors drawn after it share that shape."""
    indices = ctx.values.get("indices")
    if structure_of(arg) == "offsets" and isinstance(indices, torch.Tensor):
        return int(indices.numel()), ()
    data = next((v for v in ctx.values.values() if isinstance(v, torch.Tensor) and v.layout == torch.strided
                 and not v.is_nested), None)
    if data is None:
        return (ctx.shape[-1], tuple(ctx.shape[:-1])) if ctx.ndim else (1, ())
    if data.dim() == 0:
        return 1, ()
    axis = next((ctx.values[n] for n in AXIS_NAMES if isinstance(ctx.values.get(n), int)), 0)
    return int(data.shape[axis % data.dim()]), ()


def index_dtype(ctx) -> torch.dtype:
    """The dtype of the indices the argument goes with (embedding_bag and CSR refuse offsets of another), else int64."""
    indices = ctx.values.get("indices")
    if isinstance(indices, torch.Tensor) and indices.dtype in INDEX_DTYPES:
        return indices.dtype
    return ctx.dtype if ctx.dtype in INDEX_DTYPES else torch.int64


def boundaries(ends: str, length: int) -> list[int]:
    """Two segments' boundaries from 0, monotone, meeting ``length`` as ``ends`` says."""
    half = (length + 1) // 2
    if ends == "at":
        return [0, half, length]
    if ends == "empty":
        return [0, half, length, length]
    if ends == "before":
        end = max(length - 1, 0)
        return [0, min(half, end), end]
    return [0, half, length + 1]  # past


def segment_lengths(ends: str, length: int) -> list[int]:
    """Two segments' lengths, non-increasing, summing as ``ends`` says (``past``: one more than ``length``)."""
    first = (length + 1) // 2
    second = length - first
    if ends == "at":
        return [first, second]
    if ends == "empty":
        return [first, second, 0]
    if ends == "before":
        return [first, second - 1] if second >= 1 else [max(first - 1, 0), 0]
    return [first + 1, second]  # past


def structured(arg, ctx):
    """The argument drawn as its plan's ``NAME.ends`` says, or None when it is not structured, has no such
    choice in the plan, or the plan keeps its drawn value."""
    options = ends_for(arg)
    choice = f"{arg.name}.ends"
    if options is None or choice not in ctx.plan:
        return None
    ends = ctx.choose(choice, options)
    if ends == DRAWN:
        return None
    length, batch = extent(arg, ctx)
    cuts = boundaries(ends, length) if structure_of(arg) == "offsets" else segment_lengths(ends, length)
    t = str(arg.real_type)
    if "List[int]" in t:
        return cuts
    index = torch.tensor(cuts, dtype=index_dtype(ctx), device=ctx.device).expand(*batch, len(cuts)).clone()
    return [index] if t.startswith("List") else index
