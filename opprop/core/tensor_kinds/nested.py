"""Nested kinds: strided (NestedTensorImpl) and jagged (a NestedTensor subclass), of ragged components.

A nested tensor is rebuilt from its components (its spec's ``shape`` is
``()``: the components hold the sizes). Shrinking drops a component, or
shrinks one; a finding's JSON shows a ragged size as ``null``.
"""
from __future__ import annotations

import warnings

import torch

from opprop.core.tensor_kinds.dense import values
from opprop.core.tensor_kinds.registry import PartsLayout, TensorKind, has_kernel

RANK = 3
NESTED_LAYOUTS = ("jagged", "strided")
DTYPES = (torch.float32, torch.float64, torch.int64)
TORCH_LAYOUTS = {"nested_strided": torch.strided, "nested_jagged": torch.jagged}


def nested(shape, dtype=torch.float32, layout="strided", device="cpu", *, count=2, ragged=True) -> torch.Tensor:
    """A nested tensor of ``count`` components: ``shape``, then ``shape`` with its first size grown by one, two, ...
    (or all ``shape`` when not ``ragged``).

    Jagged layout needs at least one dimension per component (the ragged one).
    """
    shape = tuple(shape) or (1,)
    parts = [values((shape[0] + (i if ragged else 0), *shape[1:]), dtype, device) for i in range(count)]
    torch_layout = torch.jagged if layout == "jagged" else torch.strided
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nested creation warns it is a prototype
        return torch.nested.nested_tensor(parts, layout=torch_layout)


def _in_jagged_table(op_name: str, kernel_names: list) -> bool:
    """Jagged nested tensors run through Python's table of ops, not a dispatch key."""
    try:
        from torch.nested._internal.ops import JAGGED_OPS_TABLE
    except ImportError:
        return False
    base = op_name.split(".")[0]
    return any(str(o._schema.name) == base for o in JAGGED_OPS_TABLE if hasattr(o, "_schema"))


KINDS = (
    TensorKind("nested_strided", lambda shape, dtype, device: nested(shape, dtype, "strided", device),
               lambda op_name, kernel_names: has_kernel(kernel_names, "NestedTensorCPU"), dtypes=DTYPES),
    TensorKind("nested_jagged", lambda shape, dtype, device: nested(shape, dtype, "jagged", device), _in_jagged_table, dtypes=DTYPES),
)


# ---------------------------------------------------------------- rebuilt from parts


def sizes(t: torch.Tensor) -> list:
    """Sizes, with ``None`` for a ragged dim (a strided nested tensor raises on ``.shape``)."""
    if t.layout == torch.jagged:
        found = list(t.shape)  # the ragged dim is a SymInt
    else:
        parts = [c.shape for c in t.unbind()]
        found = [len(parts), *(s if all(p[i] == s for p in parts) else None for i, s in enumerate(parts[0]))] if parts else [0]
    return [None if not isinstance(s, int) else s for s in found]


def _build(torch_layout):
    def build(spec, parts):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return torch.nested.nested_tensor(parts, layout=torch_layout)

    return build


def _smaller(spec, moves):
    """A component fewer, then one component smaller."""
    for i in range(len(spec.parts)) if len(spec.parts) > 1 else ():
        yield spec.replace(parts=spec.parts[:i] + spec.parts[i + 1 :])
    for i, part in enumerate(spec.parts):
        for new in moves.resized(part):
            yield spec.replace(parts=spec.parts[:i] + (new,) + spec.parts[i + 1 :])


def _simpler(spec, moves):
    for i, part in enumerate(spec.parts):
        for new in moves.simpler(part):
            yield spec.replace(parts=spec.parts[:i] + (new,) + spec.parts[i + 1 :])


def _layout(name: str, torch_layout) -> PartsLayout:
    return PartsLayout(
        name,
        torch_layout,
        parts=("components",),  # any number of them, one spec each
        holds=lambda t: t.is_nested,
        components=lambda t: tuple(c.clone(memory_format=torch.contiguous_format) for c in t.unbind()),
        spec_fields=lambda t: {"shape": ()},
        build=_build(torch_layout),
        source=lambda spec, parts: f"torch.nested.nested_tensor([{', '.join(parts)}], layout={torch_layout})",
        describe=lambda t: {"nested": True, "components": [list(c.shape) for c in t.unbind()]},
        sizes=sizes,
        smaller=_smaller,
        simpler=_simpler,
        # a jagged tensor's memory is its buffer; a strided nested tensor has a storage of its own
        memory=(lambda t: (t._values,)) if torch_layout is torch.jagged else (lambda t: ()),
    )


LAYOUTS = tuple(_layout(name, torch_layout) for name, torch_layout in TORCH_LAYOUTS.items())
