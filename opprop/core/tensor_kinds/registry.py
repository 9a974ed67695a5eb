"""The tensor-kind registry: the one place that knows what kinds of tensor opprop draws, describes, rebuilds and writes.

A ``TensorKind`` is what a schema draw picks for a tensor argument: its
name, its deterministic builder and which ops take it. A ``PartsLayout`` is a
tensor built from parts (sparse, nested): how a live one is described as
JSON, read into a spec, built from that spec, written as source and shrunk.
A kind whose tensors are strided (any strides, a quantizer) needs no
PartsLayout: ``specs.TensorSpec`` reads, builds and writes every strided tensor.
Every other module asks here; none switches on a kind's name.
"""
from __future__ import annotations

import contextlib
import dataclasses
from typing import Any, Callable, NamedTuple

import torch


class KindRegistrationError(ValueError):
    """A kind or layout registered twice, or a family module that registers nothing."""


def _none(spec, moves):
    return iter(())


@dataclasses.dataclass(frozen=True)
class TensorKind:
    """One kind a schema draw can pick for a tensor argument.

    ``build(shape, dtype, device, **options)`` makes it deterministically
    (values from ``dense.values``), so a repro rebuilt from shape, dtype
    and kind is the same tensor again. ``options``: the extra choices a draw
    makes for it, each name to its options simplest first (``{"qdtype":
    ...}``). ``taken_by(op_name, kernel_names)``: whether an op has a kernel
    that takes it; None for a dense kind, which every op is offered (first,
    where the op has a dense kernel). ``dtypes``: the dtypes it is built in
    (a draw of another dtype builds float32); None: any.
    """

    name: str
    build: Callable[..., torch.Tensor]
    taken_by: Callable[[str, list], bool] | None = None
    options: dict = dataclasses.field(default_factory=dict)
    dtypes: tuple | None = None
    drawn: bool = True  # False: built by name only (tests, edge generators), never drawn
    row_dtype: torch.dtype | None = None  # the dtype its schedule row draws the call in, for a kind that shows only in some

    @property
    def dense(self) -> bool:
        return self.taken_by is None


class ShrinkMoves(NamedTuple):
    """The shrinker's moves on one strided spec, handed to a PartsLayout (core cannot import the shrinker)."""

    resized: Callable  # spec -> smaller specs of the same kind
    simpler: Callable  # spec -> specs of the same shape, simpler
    drop_index: Callable  # (spec, dim, index) -> spec without that slice, or None


@dataclasses.dataclass(frozen=True)
class PartsLayout:
    """A tensor built from strided parts: ``TensorSpec.layout == name``, ``TensorSpec.parts`` in ``parts`` order.

    ``torch_layout``: the ``torch.layout`` its tensors have; ``holds(t)``:
    whether a live tensor of that torch layout has it. ``components(t)``: its parts,
    live, in ``parts`` order; ``spec_fields(t)``: the spec's other fields
    (``shape``, ``coalesced``). ``build(spec, parts)`` and ``source(spec,
    part_sources)`` make it from its built parts, as an object and as a
    Python expression that builds the same. ``describe(t)``: its fields in a
    finding's JSON, after layout; ``sizes(t)``: the description's ``shape``.
    ``smaller`` and ``simpler`` (``(spec, ShrinkMoves)``): the shrinker's
    candidates, smaller first / same size but simpler. ``memory(t)``: the live
    dense tensors holding its memory, which the storage-based checks compare
    for a tensor without storage of its own (``check/components.py``); ()
    for one with a storage of its own.
    """

    name: str
    torch_layout: torch.layout
    parts: tuple
    holds: Callable[[torch.Tensor], bool]
    components: Callable[[torch.Tensor], tuple]
    build: Callable[[Any, list], torch.Tensor]
    source: Callable[[Any, list], str]
    describe: Callable[[torch.Tensor], dict]
    spec_fields: Callable[[torch.Tensor], dict] = lambda t: {"shape": tuple(t.shape)}
    sizes: Callable[[torch.Tensor], list] | None = None
    smaller: Callable = _none
    simpler: Callable = _none
    memory: Callable[[torch.Tensor], tuple] = lambda t: ()


_KINDS: dict[str, TensorKind] = {}
_LAYOUTS: dict[str, PartsLayout] = {}
_BY_TORCH_LAYOUT: dict = {}  # torch.layout -> the Layouts of it, in registration order (what layout_of tries)


def _index() -> None:
    _BY_TORCH_LAYOUT.clear()
    for lay in _LAYOUTS.values():
        _BY_TORCH_LAYOUT.setdefault(lay.torch_layout, []).append(lay)


def register(*items) -> None:
    """Register kinds and layouts, after those already registered (kinds are offered in registration order)."""
    for item in items:
        table = _KINDS if isinstance(item, TensorKind) else _LAYOUTS
        if item.name in table or (table is _LAYOUTS and item.name == "strided"):
            raise KindRegistrationError(f"tensor {'kind' if table is _KINDS else 'layout'} {item.name!r} registered twice")
        table[item.name] = item
    _index()


def unregister(*items) -> None:
    for item in items:
        (_KINDS if isinstance(item, TensorKind) else _LAYOUTS).pop(item.name, None)
    _index()


@contextlib.contextmanager
def registered(*items):
    """Kinds and layouts registered for the ``with`` block only (tests)."""
    register(*items)
    try:
        yield
    finally:
        unregister(*items)


def kinds(*, drawn: bool | None = None) -> list[TensorKind]:
    """Every registered kind, simplest first; ``drawn=True``: those schema draws pick."""
    return [k for k in _KINDS.values() if drawn is None or k.drawn == drawn]


def names(*, drawn: bool | None = None) -> tuple:
    return tuple(k.name for k in kinds(drawn=drawn))


def kind(name: str) -> TensorKind:
    try:
        return _KINDS[name]
    except KeyError:
        raise ValueError(f"unknown tensor kind {name!r}; expected one of {names()}") from None


def make(name: str, shape, dtype=torch.float32, *, device="cpu", **options) -> torch.Tensor:
    """Build one tensor of a named kind; ``options`` it does not take are ignored (a draw offers every kind the same)."""
    k = kind(name)
    return k.build(tuple(shape), dtype, device, **{o: v for o, v in options.items() if o in k.options and v is not None})


def layout_names() -> tuple:
    return ("strided", *_LAYOUTS)


def layout(name: str) -> PartsLayout | None:
    """The registered PartsLayout of a spec's ``layout``; None for "strided"; KeyError for one not registered."""
    if name == "strided":
        return None
    try:
        return _LAYOUTS[name]
    except KeyError:
        raise KeyError(f"unknown tensor layout {name!r}; expected one of {layout_names()}") from None


def layout_of(t: torch.Tensor) -> PartsLayout | None:
    """The PartsLayout a live tensor is built from parts by; None for a strided one (or one no PartsLayout holds)."""
    for lay in _BY_TORCH_LAYOUT.get(t.layout, ()):  # called for every described tensor: only its torch layout's
        if lay.holds(t):
            return lay
    return None


def has_kernel(op_names, key: str) -> bool:
    """Whether any of the overloads named has a kernel for dispatch ``key``."""
    for name in op_names:
        try:
            if torch._C._dispatch_has_kernel_for_dispatch_key(name, key):
                return True
        except RuntimeError:
            pass
    return False


def shape_source(shape) -> str:
    """A shape as a Python tuple literal."""
    return "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"
