"""Embedding bags: every mode, with and without per-sample weights, padding_idx, empty and trailing bags.

In ``_embedding_bag_cpu_impl_out`` sum and mean modes set ``max_indices =
bag_size`` (or ``offset2bag``): two outputs share one TensorImpl, the
use-count finding the seed discussion names for ``_embedding_bag`` and
``_embedding_bag_forward_only``. Max mode fills max_indices itself. Which
alias appears depends on mode, include_last_offset, padding_idx and
per_sample_weights, so every combination is drawn.

Indices cycle through the table (``arange * step % rows``) and offsets are a
sorted draw in ``[0, len(indices)]`` starting at 0, so every call is valid;
repeated offsets make empty bags, an offset equal to ``len(indices)`` makes a
trailing empty bag.
"""
from __future__ import annotations

import dataclasses

import torch
import torch.nn.functional as F
from hypothesis import strategies as st

from opprop.core.calls import Call

from opprop.generators.registry import edge_generator
from opprop.strategies import index_ramp, ramp

aten = torch.ops.aten
MODE_NAMES = ("sum", "mean", "max")  # aten's mode ints 0, 1, 2


@dataclasses.dataclass(frozen=True)
class Bags:
    """One embedding_bag configuration, enough to build the call for any of the entry points."""

    rows: int = 5
    dim: int = 3
    n_indices: int = 6
    step: int = 1  # index i is (i * step) % rows
    cuts: tuple = (2, 2, 6)  # offsets after the leading 0: repeated = empty bag, n_indices = trailing empty bag
    mode: int = 0
    per_sample_weights: bool = False  # only legal in sum mode: dropped otherwise
    include_last_offset: bool = False
    padding_idx: int | None = None
    scale_grad_by_freq: bool = False
    sparse: bool = False
    index_dtype: torch.dtype = torch.long
    dtype: torch.dtype = torch.float32

    def tensors(self, device):
        weight = ramp((self.rows, self.dim), dtype=self.dtype, device=device, start=-0.5)
        indices = ((torch.arange(self.n_indices, device=device) * self.step) % self.rows).to(self.index_dtype)
        offsets = [0, *sorted(min(c, self.n_indices) for c in self.cuts)]
        if self.include_last_offset:
            offsets.append(self.n_indices)  # the extra last offset closes the last bag
        offsets = torch.tensor(offsets, dtype=self.index_dtype, device=device)
        psw = None
        if self.per_sample_weights and self.mode == 0:
            psw = ramp((self.n_indices,), dtype=self.dtype, device=device, start=0.5)
        return weight, indices, offsets, psw

    def aten_args(self, device, *, padding_default=-1):
        weight, indices, offsets, psw = self.tensors(device)
        padding = padding_default if self.padding_idx is None else self.padding_idx
        return (weight, indices, offsets, self.scale_grad_by_freq, self.mode, self.sparse, psw, self.include_last_offset, padding)


def bags_strategy():
    """Structure first (table, index count, bags), then flags: shrinks towards one small sum-mode bag."""

    @st.composite
    def draw(draw_):
        rows = draw_(st.integers(1, 6))
        n_indices = draw_(st.integers(0, 8))
        mode = draw_(st.sampled_from((0, 1, 2)))
        return Bags(
            rows=rows,
            dim=draw_(st.integers(1, 4)),
            n_indices=n_indices,
            step=draw_(st.integers(1, 3)),
            cuts=tuple(draw_(st.lists(st.integers(0, n_indices), max_size=4))),
            mode=mode,
            per_sample_weights=mode == 0 and draw_(st.booleans()),
            include_last_offset=draw_(st.booleans()),
            padding_idx=draw_(st.none() | st.integers(0, rows - 1)),
            scale_grad_by_freq=draw_(st.booleans()),
            sparse=draw_(st.booleans()),
            index_dtype=draw_(st.sampled_from((torch.long, torch.int32))),
            dtype=draw_(st.sampled_from((torch.float32, torch.float64))),
        )

    return draw()


def fixed_bags():
    """Every mode, each with and without include_last_offset and padding_idx; sum also with per-sample weights."""
    for mode in (0, 1, 2):
        for include_last_offset in (False, True):
            for padding_idx in (None, 1):
                yield Bags(mode=mode, include_last_offset=include_last_offset, padding_idx=padding_idx)
                if mode == 0:
                    yield Bags(mode=0, per_sample_weights=True, include_last_offset=include_last_offset, padding_idx=padding_idx)
    yield Bags(n_indices=0, cuts=(0, 0))  # no indices at all: every bag empty
    yield Bags(mode=2, cuts=(6, 6))  # trailing empty bags in max mode
    yield Bags(mode=1, scale_grad_by_freq=True, sparse=True, index_dtype=torch.int32)


def _aten_call(op, name):
    def make(bags: Bags, device) -> Call:
        return Call(name, op, bags.aten_args(device), source=f"embedding_bag.{name}")

    return make


def _embedding_bag_packet_call(bags: Bags, device) -> Call:
    """``aten::embedding_bag`` has no padding_idx; ``.padding_idx`` takes ``int?`` (None = no padding)."""
    if bags.padding_idx is None:
        args = bags.aten_args(device)[:8]
        return Call("aten::embedding_bag", aten.embedding_bag.default, args, source="embedding_bag.aten_embedding_bag")
    args = bags.aten_args(device)
    return Call("aten::embedding_bag.padding_idx", aten.embedding_bag.padding_idx, args, source="embedding_bag.aten_embedding_bag")


def _functional_call(bags: Bags, device) -> Call:
    weight, indices, offsets, psw = bags.tensors(device)
    kwargs = dict(
        offsets=offsets,
        # F rejects sparse gradients and frequency scaling in max mode up front (aten accepts both)
        scale_grad_by_freq=bags.scale_grad_by_freq and bags.mode != 2,
        mode=MODE_NAMES[bags.mode],
        sparse=bags.sparse and bags.mode != 2,
        per_sample_weights=psw,
        include_last_offset=bags.include_last_offset,
        padding_idx=bags.padding_idx,
    )
    return Call("nn.functional.embedding_bag", F.embedding_bag, (indices, weight), kwargs, source="embedding_bag.functional")


def _register(name, targets, make, doc):
    def samples(device):
        for bags in fixed_bags():
            yield make(bags, device)

    def strategy(device):
        return bags_strategy().map(lambda bags: make(bags, device))

    samples.__doc__ = doc
    edge_generator(f"embedding_bag.{name}", targets=targets, strategy=strategy)(samples)


_register(
    "_embedding_bag",
    ("aten::_embedding_bag",),
    _aten_call(aten._embedding_bag.default, "aten::_embedding_bag"),
    "aten::_embedding_bag in modes sum/mean/max, per-sample weights, include_last_offset, padding_idx, empty bags: "
    "sum and mean alias max_indices to bag_size / offset2bag.",
)
_register(
    "_embedding_bag_forward_only",
    ("aten::_embedding_bag_forward_only",),
    _aten_call(aten._embedding_bag_forward_only.default, "aten::_embedding_bag_forward_only"),
    "aten::_embedding_bag_forward_only, same modes as _embedding_bag: the inference kernel shares the aliasing bug.",
)
_register(
    "aten_embedding_bag",
    ("aten::embedding_bag", "aten::embedding_bag.padding_idx"),
    _embedding_bag_packet_call,
    "aten::embedding_bag and .padding_idx (padding_idx None picks the default overload): the composite entry points.",
)
_register(
    "functional",
    ("aten::embedding_bag", "nn.functional.embedding_bag"),
    _functional_call,
    "torch.nn.functional.embedding_bag with mode strings, padding_idx and per_sample_weights: what users call.",
)
