"""The domain shrinker: the smallest ATen call that still breaks the same invariant on the same op.

Hypothesis shrinks the draws; this pass shrinks the captured call itself,
greedily and to a fixed point: each candidate changes one thing (a dim
fewer, a size smaller, contiguous instead of strided, a simpler dtype or
quantizer, zeros/ones/arange instead of literal values, an optional
argument back to its default), and is kept only while the invariant still
breaks. Candidates are deterministic, so the result is too.
"""
from __future__ import annotations

import dataclasses
import json
import os

import torch

from opprop.core import child_process
from opprop.reduce.capture import reproduces
from opprop.core import tensor_kinds
from opprop.core.specs import FILLS, CallSpec, ProducedSpec, TensorSpec

DTYPE_ORDER = ("float32", "int64", "float64", "int32", "bool", "float16", "bfloat16", "int16", "int8", "uint8", "complex64", "complex128")
QDTYPE_ORDER = ("quint8", "qint8", "qint32")
MAX_TRIES = 4000
REPRODUCED = b"reproduces"  # what an isolated candidate's child returns when the invariant still breaks


class ShrinkError(ValueError):
    """The call to shrink does not break the invariant to begin with."""


@dataclasses.dataclass
class ShrinkResult:
    spec: CallSpec
    tries: int
    steps: int
    crashes: list = dataclasses.field(default_factory=list)  # candidates that killed the process they ran in


def _reproduces_isolated(spec: CallSpec, invariant: str, crashes: list) -> bool:
    """Run a candidate in a forked child: shrinking walks into inputs no sample has, where kernels can segfault."""

    def verdict() -> bytes:  # the child (one intra-op thread: child_process); a crash here is an answer
        return REPRODUCED if reproduces(spec, invariant) else b""

    end = child_process.run(verdict)
    if end.signal is not None:
        crashes.append((spec, end.signal))
        return False
    return end.code == 0 and end.output == REPRODUCED


def shrink(spec: CallSpec, invariant: str, *, max_tries: int = MAX_TRIES, isolate: bool | None = None) -> ShrinkResult:
    """``isolate`` (default: where fork exists) runs each candidate in a child process, so a crash is a rejection."""
    isolate = hasattr(os, "fork") if isolate is None else isolate
    crashes: list = []

    seen: dict = {}

    def check(candidate):
        key = json.dumps(candidate.as_json(), sort_keys=True, default=str)
        if key not in seen:
            seen[key] = _reproduces_isolated(candidate, invariant, crashes) if isolate else reproduces(candidate, invariant)
        return seen[key]

    if not reproduces(spec, invariant):
        raise ShrinkError(f"{spec.op} does not break {invariant} on the call to shrink")
    result = shrink_with(spec, check, max_tries=max_tries)
    result.crashes = crashes
    return result


def shrink_with(spec: CallSpec, check, *, max_tries: int = MAX_TRIES, propose=None) -> ShrinkResult:
    """The greedy loop alone: keep the first candidate ``check`` accepts, to a fixed point.

    ``propose`` (default ``candidates``) gives each step's candidates.
    ``opprop.reduce.crash_shrink`` drives it with a check that runs each candidate
    in a forked child and asks whether it dies the same way.
    """
    tries = steps = 0
    improved = True
    while improved and tries < max_tries:
        improved = False
        for candidate in (propose or candidates)(spec):
            if candidate == spec:
                continue
            tries += 1
            if check(candidate):
                spec, improved = candidate, True
                steps += 1
                break
            if tries >= max_tries:
                break
    return ShrinkResult(spec, tries, steps)


# ---------------------------------------------------------------- where the values sit


def _leaves(value, path=(), into_produced=True):
    if isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, path + (i,), into_produced)
    elif isinstance(value, ProducedSpec) and into_produced:  # the producer's arguments shrink like the call's own: a step ("made by", where)
        for where, v in arg_leaves(value.call):
            yield path + (("made by", where),), v
    else:
        yield path, value


def _set(value, path, new):
    if not path:
        return new
    if isinstance(value, ProducedSpec):
        return value.replace(call=replace_leaf(value.call, path[0][1], new))
    copy = list(value)
    copy[path[0]] = _set(value[path[0]], path[1:], new)
    return copy


def arg_leaves(spec: CallSpec, into_produced: bool = True):
    """(where, value) of every leaf of the call's arguments; a produced argument's are its producer's, or, with
    ``into_produced=False``, the ``ProducedSpec`` itself."""
    for i, a in enumerate(spec.args):
        for path, v in _leaves(a, into_produced=into_produced):
            yield ("arg", i) + path, v
    for k, a in spec.kwargs.items():
        for path, v in _leaves(a, into_produced=into_produced):
            yield ("kw", k) + path, v


def replace_leaf(spec: CallSpec, where, new) -> CallSpec:
    kind, key, path = where[0], where[1], where[2:]
    if kind == "arg":
        args = list(spec.args)
        args[key] = _set(args[key], path, new)
        return spec.replace(args=tuple(args))
    kwargs = dict(spec.kwargs)
    kwargs[key] = _set(kwargs[key], path, new)
    return spec.replace(kwargs=kwargs)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# ---------------------------------------------------------------- candidates


def candidates(spec: CallSpec):
    """Every one-step simplification, biggest first: structure before values."""
    leaves = list(arg_leaves(spec))
    for where, v in leaves:
        if isinstance(v, TensorSpec):
            for new in resized(v):
                plain = replace_leaf(spec, where, new)
                yield plain
                coupled = _couple_shape_args(plain, where, v.shape, new.shape)
                if coupled is not None:
                    yield coupled
    yield from _defaults(spec)
    for where, v in arg_leaves(spec, into_produced=False):  # a producer's optional arguments back to their defaults too
        if isinstance(v, ProducedSpec):
            for call in _defaults(v.call):
                yield replace_leaf(spec, where, v.replace(call=call))
    for where, v in leaves:
        if isinstance(v, TensorSpec):
            for new in simpler(v):
                yield replace_leaf(spec, where, new)
        elif _is_int(v):
            for c in sorted({0, 1, v // 2, v - 1}):
                if 0 <= c < v:
                    yield replace_leaf(spec, where, c)
        elif isinstance(v, float):
            for c in (0.0, 1.0):
                if v != c and v != 0.0:  # 0.0 is simplest: never back to 1.0 (a cycle)
                    yield replace_leaf(spec, where, c)


def _couple_shape_args(spec: CallSpec, changed, old_shape, new_shape):
    """Also rewrite an int-list argument that spelled the tensor's old shape or numel (a view's ``size``)."""
    old_numel, new_numel = _prod(old_shape), _prod(new_shape)
    found = False
    args = list(spec.args)
    for i, a in enumerate(args):
        if ("arg", i) == changed[:2] or not (isinstance(a, list) and a and all(_is_int(x) for x in a)):
            continue
        if tuple(a) == tuple(old_shape):
            args[i], found = list(new_shape), True
        elif a == [old_numel]:
            args[i], found = [new_numel], True
        elif len(old_shape) == len(new_shape) and sum(a) in old_shape:
            resized = _resize_sizes(a, old_shape, new_shape)
            if resized is not None:
                args[i], found = resized, True
    return spec.replace(args=tuple(args)) if found else None


def _resize_sizes(sizes, old_shape, new_shape):
    """Split sizes that summed to the changed dim, cut from the end to sum to its new size."""
    changed = [d for d, (o, n) in enumerate(zip(old_shape, new_shape)) if o != n]
    if len(changed) != 1 or sum(sizes) != old_shape[changed[0]]:
        return None
    excess = old_shape[changed[0]] - new_shape[changed[0]]
    sizes = list(sizes)
    for j in reversed(range(len(sizes))):
        cut = min(sizes[j], excess)
        sizes[j] -= cut
        excess -= cut
    return sizes


def _prod(shape) -> int:
    n = 1
    for s in shape:
        n *= s
    return n


def _defaults(spec: CallSpec):
    """Optional arguments back to their defaults: trailing positionals dropped, kwargs removed, Tensor? to None; and the
    quantized engine back to the default."""
    if spec.engine is not None:
        yield spec.replace(engine=None)
    arguments = spec.overload._schema.arguments
    n = len(spec.args)
    for cut in range(n):
        if all(i < len(arguments) and arguments[i].has_default_value() for i in range(cut, n)):
            yield spec.replace(args=spec.args[:cut])
            break
    for k in spec.kwargs:
        kwargs = dict(spec.kwargs)
        del kwargs[k]
        yield spec.replace(kwargs=kwargs)
    for i, a in enumerate(spec.args):
        if a is not None and i < len(arguments) and str(arguments[i].type).startswith("Optional"):
            args = list(spec.args)
            args[i] = None
            yield spec.replace(args=tuple(args))


def resized(t: TensorSpec):
    """The same tensor with a dim fewer (index 0 kept) or a dim smaller (0, 1, half, one less), fewest elements first."""
    if t.layout != "strided":  # a kind built from parts shrinks as its PartsLayout says
        return sorted(tensor_kinds.layout(t.layout).smaller(t, _MOVES), key=lambda f: f.buffer_numel)
    found = []
    shape = t.shape
    for d in range(len(shape)):
        found.append(_select(t, d))
    for d, n in enumerate(shape):
        for k in sorted({0, 1, n // 2, n - 1}):
            if 0 <= k < n:
                found.append(_narrow(t, d, k))
    if t.fill == "values" and t.stride is None:  # values may matter where they sit: also drop one slice anywhere
        for d, n in enumerate(shape):
            for i in range(n - 1) if n <= 16 else ():  # dropping the last is a narrow
                found.append(_drop_index(t, d, i))
    found = [f for f in found if f is not None]
    return sorted(found, key=lambda f: (f.buffer_numel, len(f.shape)))


def _values_tensor(t: TensorSpec) -> torch.Tensor:
    return torch.tensor(list(t.values)).reshape(t.shape)


def _select(t: TensorSpec, d: int):
    shape = t.shape[:d] + t.shape[d + 1 :]
    quant = t.quant
    if quant is not None and quant[0].startswith("per_channel"):
        axis = quant[2]
        if axis == d:
            return None
        quant = quant[:2] + (axis - 1 if d < axis else axis,) + quant[3:]
    if t.shape[d] == 0:
        return None
    stride = None if t.stride is None else t.stride[:d] + t.stride[d + 1 :]
    new = t.replace(shape=shape, stride=stride, quant=quant)
    return _with_values(t, new, lambda v: v.select(d, 0))


def _narrow(t: TensorSpec, d: int, k: int):
    shape = t.shape[:d] + (k,) + t.shape[d + 1 :]
    quant = t.quant
    if quant is not None and quant[0].startswith("per_channel") and quant[2] == d:
        if k == 0:
            return None
        quant = quant[:3] + (quant[3][:k], quant[4][:k])
    new = t.replace(shape=shape, quant=quant)
    return _with_values(t, new, lambda v: v.narrow(d, 0, k))


def _drop_index(t: TensorSpec, d: int, i: int):
    keep = [j for j in range(t.shape[d]) if j != i]
    quant = t.quant
    if quant is not None and quant[0].startswith("per_channel") and quant[2] == d:
        quant = quant[:3] + (tuple(quant[3][j] for j in keep), tuple(quant[4][j] for j in keep))
    new = t.replace(shape=t.shape[:d] + (len(keep),) + t.shape[d + 1 :], quant=quant)
    return _with_values(t, new, lambda v: v.index_select(d, torch.tensor(keep, dtype=torch.long)))


def _with_values(old: TensorSpec, new: TensorSpec, cut):
    if old.fill != "values":
        return new
    if old.stride is not None:  # cutting at index 0 keeps the low end of the buffer
        return new.replace(values=old.values[: new.buffer_numel])
    return new.replace(values=tuple(cut(_values_tensor(old)).reshape(-1).tolist()))


def simpler(t: TensorSpec):
    """Same shape, simpler: not requiring grad, contiguous, then dtype, quantizer, values (for other kinds: their values part's)."""
    if t.requires_grad:
        yield t.replace(requires_grad=False)
    if t.layout != "strided":  # a kind built from parts: its PartsLayout says which parts may change
        yield from tensor_kinds.layout(t.layout).simpler(t, _MOVES)
        return
    if t.stride is not None:
        values = None
        if t.fill == "values":
            buffer = torch.tensor(list(t.values))
            values = tuple(torch.as_strided(buffer, t.shape, t.stride, t.offset).reshape(-1).tolist())
        yield t.replace(stride=None, offset=0, values=values)
        if t.offset:
            yield t.replace(offset=0, values=None if t.values is None else t.values[t.offset :])
    if t.quant is None:
        order = DTYPE_ORDER
        here = order.index(t.dtype) if t.dtype in order else len(order)
        for name in order[:here]:
            values = t.values
            if values is not None:
                values = tuple(torch.tensor(list(values)).to(getattr(torch, name)).tolist())
            grad = t.requires_grad and (getattr(torch, name).is_floating_point or getattr(torch, name).is_complex)
            yield t.replace(dtype=name, values=values, requires_grad=grad)  # only those dtypes can require grad
    else:
        yield from _simpler_quant(t)
    here = FILLS.index(t.fill)
    for fill in FILLS[:here]:
        yield t.replace(fill=fill, values=None)


_MOVES = tensor_kinds.ShrinkMoves(resized, simpler, _drop_index)


def _simpler_quant(t: TensorSpec):
    q = t.quant
    here = QDTYPE_ORDER.index(q[1]) if q[1] in QDTYPE_ORDER else len(QDTYPE_ORDER)
    for name in QDTYPE_ORDER[:here]:
        yield t.replace(quant=(q[0], name) + q[2:])
    if q[0].startswith("per_channel"):
        if q[3]:
            yield t.replace(quant=("per_tensor", q[1], q[3][0], int(q[4][0])))
        n = len(q[3])
        if q[3] != (1.0,) * n:
            yield t.replace(quant=q[:3] + ((1.0,) * n, q[4]))
        if q[4] != (0,) * n:
            yield t.replace(quant=q[:4] + ((0,) * n,))
        if q[0] == "per_channel_float":
            yield t.replace(quant=("per_channel",) + q[1:4] + (tuple(int(z) for z in q[4]),))
    else:
        if q[2] != 1.0:
            yield t.replace(quant=q[:2] + (1.0, q[3]))
        if q[3] != 0:
            yield t.replace(quant=q[:3] + (0,))
