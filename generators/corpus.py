"""Calls drawn around recorded ones: a real call (``opprop.inputs.corpus``), then one aspect of it mutated.

Real code made the recorded call, so it was valid; a mutation changes one aspect at a time and keeps
what made it valid where it can (a dimension shrunk to 0 or 1, or doubled, is changed in every tensor
that has a dimension of that size, and integer tensors that index it are wrapped into the new size).
Every choice is a Hypothesis draw, so a call shrinks (towards the recorded call itself: the first
aspect) and replays from its choices. The aspects, simplest first, are ``ASPECTS``.
"""
from __future__ import annotations

import torch
from hypothesis import strategies as st

from opprop.core.calls import Call

EDGE_FAMILY = False  # a strategy around recorded calls, not an edge-generator family (generators.registry)
ASPECTS = ("recorded", "size", "noncontiguous", "alias", "values", "dtype", "mask", "optional", "layout")
_FLOATS = (torch.float32, torch.float64, torch.float16, torch.bfloat16)
_INTS = (torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8)


def corpus_call_strategy(op_name: str, overload, specs: list):
    """Calls of ``overload`` drawn around its recorded ``specs`` (``CallSpec``s), or None when there are none."""
    if not specs:
        return None
    schema_args = list(overload._schema.arguments)

    @st.composite
    def calls(draw):
        spec = specs[draw(st.integers(0, len(specs) - 1))]
        aspect = draw(st.sampled_from(ASPECTS))
        args, kwargs = spec.build()
        slots = _Slots(list(args), dict(kwargs), schema_args)
        if aspect != "recorded" and not _MUTATIONS[aspect](draw, slots):
            aspect = "recorded"  # nothing of this aspect in the call: the recorded call itself
        return Call(op_name, overload, tuple(slots.args), slots.kwargs, source=f"corpus:{aspect}")

    return calls()


class _Slots:
    """The call's top-level arguments, by schema position (positional first, then keyword by name)."""

    def __init__(self, args: list, kwargs: dict, schema_args: list):
        self.args, self.kwargs, self.schema = args, kwargs, schema_args
        self.keys = list(range(len(args))) + list(kwargs)

    def get(self, key):
        return self.args[key] if isinstance(key, int) else self.kwargs[key]

    def set(self, key, value) -> None:
        if isinstance(key, int):
            self.args[key] = value
        else:
            self.kwargs[key] = value

    def tensors(self, keep=lambda t: True) -> list:
        return [k for k in self.keys if isinstance(self.get(k), torch.Tensor) and keep(self.get(k))]


def _strided(t) -> bool:
    return t.layout == torch.strided and not t.is_quantized and not t.is_nested


def _size(draw, slots: _Slots) -> bool:
    """One size ``s`` (of some tensor's dimension) becomes 0, 1 or ``2s`` in every tensor dimension of that size."""
    sizes = sorted({n for k in slots.tensors(_strided) for n in slots.get(k).shape})
    if not sizes:
        return False
    old = draw(st.sampled_from(sizes))
    new = draw(st.sampled_from([n for n in (0, 1, 2 * old) if n != old] or [0]))
    if new == old:
        return False
    for k in slots.tensors(_strided):
        t = slots.get(k)
        for d, n in enumerate(t.shape):
            if n == old:
                t = t.narrow(d, 0, new) if new < old else torch.cat([t, t], d)
        slots.set(k, t.contiguous() if t.shape != slots.get(k).shape else t)
    if 0 < new < old:  # integer tensors that index the shrunk dimension keep indexing it
        for k in slots.tensors(lambda t: _strided(t) and t.dtype in _INTS and t.numel() > 0):
            t = slots.get(k)
            if int(t.min()) >= 0 and int(t.max()) < old:
                slots.set(k, t % new)
    return True


def _noncontiguous(draw, slots: _Slots) -> bool:
    """One tensor, same values, laid out as every other element of a wider buffer, or transposed in memory."""
    keys = slots.tensors(lambda t: _strided(t) and t.dim() >= 1 and t.numel() > 0)
    if not keys:
        return False
    k = draw(st.sampled_from(keys))
    t = slots.get(k)
    how = draw(st.sampled_from(("strided", "transposed") if t.dim() >= 2 else ("strided",)))
    if how == "transposed":
        slots.set(k, t.transpose(-1, -2).contiguous().transpose(-1, -2))
    else:
        wide = torch.zeros((*t.shape[:-1], 2 * t.shape[-1]), dtype=t.dtype)
        wide[..., ::2] = t
        slots.set(k, wide[..., ::2])
    return True


def _alias(draw, slots: _Slots) -> bool:
    """The same tensor passed for two parameters that took tensors of one dtype and shape."""
    keys = slots.tensors(_strided)
    pairs = [(a, b) for i, a in enumerate(keys) for b in keys[i + 1:]
             if slots.get(a).dtype == slots.get(b).dtype and slots.get(a).shape == slots.get(b).shape]
    if not pairs:
        return False
    a, b = draw(st.sampled_from(pairs))
    slots.set(b, slots.get(a))
    return True


def _values(draw, slots: _Slots) -> bool:
    """One floating tensor's values: zeros, ones, negated or scaled (integer tensors may be indices: kept)."""
    keys = slots.tensors(lambda t: _strided(t) and t.is_floating_point())
    if not keys:
        return False
    k = draw(st.sampled_from(keys))
    t = slots.get(k)
    how = draw(st.sampled_from(("zeros", "ones", "negated", "scaled")))
    if how == "scaled":
        new = t * draw(st.sampled_from((2.0, 0.5, 1e3, -1.0)))
    else:
        new = torch.zeros_like(t) if how == "zeros" else torch.ones_like(t) if how == "ones" else -t
    slots.set(k, new)
    return True


def _dtype(draw, slots: _Slots) -> bool:
    """One tensor cast to another dtype of its family (floating to floating, integer to integer)."""
    keys = slots.tensors(lambda t: _strided(t) and (t.dtype in _FLOATS or t.dtype in _INTS))
    if not keys:
        return False
    k = draw(st.sampled_from(keys))
    t = slots.get(k)
    family = _FLOATS if t.dtype in _FLOATS else _INTS
    slots.set(k, t.to(draw(st.sampled_from([d for d in family if d != t.dtype]))))
    return True


def _mask(draw, slots: _Slots) -> bool:
    """A ``bool[]`` argument (an output mask) redrawn element by element."""
    keys = [k for k in slots.keys if isinstance(slots.get(k), (list, tuple)) and slots.get(k)
            and all(isinstance(b, bool) for b in slots.get(k))]
    if not keys:
        return False
    k = draw(st.sampled_from(keys))
    n = len(slots.get(k))
    slots.set(k, draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    return True


def _optional(draw, slots: _Slots) -> bool:
    """An optional argument made absent (None), or an absent optional number or flag made present."""
    choices = []
    for i, a in enumerate(slots.schema):
        if not isinstance(a.type, torch.OptionalType):
            continue
        key = i if i < len(slots.args) else a.name
        value = slots.get(key) if (isinstance(key, int) or key in slots.kwargs) else None
        inner = str(a.type.getElementType())
        if value is not None:
            choices.append((key, None))
        elif inner in ("int", "float", "bool", "SymInt"):
            choices.append((key, inner))
    if not choices:
        return False
    key, inner = draw(st.sampled_from(choices))
    if inner is None:
        slots.set(key, None)
    else:
        value = {"bool": st.booleans(), "float": st.sampled_from((0.0, 1.0, 0.5, -1.0))}.get(inner, st.integers(-1, 2))
        slots.set(key, draw(value))
    return True


def _layout(draw, slots: _Slots) -> bool:
    """One 1- or 2-d floating tensor passed as a sparse COO tensor with the same values."""
    keys = slots.tensors(lambda t: _strided(t) and t.is_floating_point() and t.dim() in (1, 2))
    if not keys:
        return False
    k = draw(st.sampled_from(keys))
    slots.set(k, slots.get(k).to_sparse())
    return True


_MUTATIONS = {"size": _size, "noncontiguous": _noncontiguous, "alias": _alias, "values": _values, "dtype": _dtype,
              "mask": _mask, "optional": _optional, "layout": _layout}
