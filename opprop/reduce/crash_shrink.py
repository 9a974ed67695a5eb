"""The crash shrinker: the smallest call that still dies the same way in the same op, each candidate run in a child.

It drives the ownership shrinker's greedy loop (``shrink.shrink_with``) with
crash-specific candidates first: a tensor list one shorter, a guard dropped,
tensors of one shape resized together, a dim of size 0 dropped.
"""
from __future__ import annotations

import json

from opprop.core.specs import CallSpec, ProducedSpec, SpecError, TensorSpec
from opprop.reduce.crash_outcome import Outcome
from opprop.reduce.crash_runner import run_spec
from opprop.reduce.shrink import ShrinkResult, arg_leaves, candidates, replace_leaf, resized, shrink_with

SHRINK_TRIES = 1500  # each a fork; enough to reach a fixed point on every crash of an all-ATen run
FRESH_SHRINK_TRIES = 120  # each a fresh interpreter (about a second): for calls that die only outside a forked child
GROWTH = (2, 4)  # how much larger a call is tried when it dies in a fuzz worker but not alone (heap damage hidden in slack)
MAGNIFY = 1000  # how much farther an index-like value is tried to reach (a write past a buffer the kernel allocated itself)
MAGNIFIED_NUMEL = 16  # tensors up to this many elements are read as indices (boxes, offsets), one element at a time


def shrink_crash(spec: CallSpec, outcome: Outcome, *, max_tries: int | None = None, also=None, fresh: bool = False,
                 repeat: int = 1, definitions=None) -> ShrinkResult:
    """Fewer dims, smaller sizes, simpler dtype, defaults (``shrink.candidates``): each kept only if it dies the same way.

    ``fresh``: each candidate runs in a fresh interpreter (``run_spec``), for
    a call that dies only there (made ``repeat`` times); fewer tries, as each
    costs about a second.

    ``also(candidate)``, asked only of candidates that die the same way (it
    may be slow: ``crash_groups`` checks the native frame with it), must
    hold too.
    """
    seen: dict = {}
    if max_tries is None:
        max_tries = FRESH_SHRINK_TRIES if fresh else SHRINK_TRIES

    def check(candidate: CallSpec) -> bool:
        key = json.dumps(candidate.as_json(), sort_keys=True, default=str)
        if key not in seen:
            try:
                _build_here(candidate)  # a candidate the spec cannot even build (a size its values no longer fill) is no answer
            except (SpecError, RuntimeError, ValueError, TypeError):
                seen[key] = False
            else:
                seen[key] = run_spec(candidate, fresh=fresh, repeat=repeat, definitions=definitions).same(outcome) and (also is None or also(candidate))
        return seen[key]

    return shrink_with(spec, check, max_tries=max_tries, propose=_crash_candidates)


def _build_here(spec: CallSpec) -> None:
    """Build the candidate's inputs in this process, unless one is a packed weight: its producer is an op, which may
    refuse the shrunk inputs (an IndexError ended a whole opprop report), need the spec's quantized engine, or crash,
    so it runs in the forked child with the call (``run_spec``), where any of these is just not the same outcome."""
    if not any(isinstance(v, ProducedSpec) for _, v in arg_leaves(spec, into_produced=False)):
        spec.build()


def _crash_candidates(spec: CallSpec):
    """A tensor list one element shorter first (``_foreach_*``, ``cat``), then the ownership shrinker's candidates."""
    for i, a in enumerate(spec.args):
        if isinstance(a, list) and len(a) > 1 and all(isinstance(x, TensorSpec) for x in a):
            for j in range(len(a)):
                yield spec.replace(args=spec.args[:i] + (a[:j] + a[j + 1 :],) + spec.args[i + 1 :])
    for k, a in spec.kwargs.items():
        if isinstance(a, list) and len(a) > 1 and all(isinstance(x, TensorSpec) for x in a):
            for j in range(len(a)):
                yield spec.replace(kwargs={**spec.kwargs, k: a[:j] + a[j + 1 :]})
    yield from _guards_dropped(spec)
    yield from _joint_resizes(spec)
    yield from _dims_dropped(spec)
    yield from candidates(spec)


def _guards_dropped(spec: CallSpec):
    """One guarded buffer (a sparse tensor's part too) unguarded: the repro keeps only the guard the fault needs."""

    def unguarded(v: TensorSpec):
        if v.layout != "strided":
            for i, p in enumerate(v.parts):
                for new in unguarded(p):
                    yield v.replace(parts=v.parts[:i] + (new,) + v.parts[i + 1 :])
        elif v.guarded:
            yield v.replace(guarded=False)

    for where, v in arg_leaves(spec):
        if isinstance(v, TensorSpec):
            for new in unguarded(v):
                yield replace_leaf(spec, where, new)


def _dims_dropped(spec: CallSpec):
    """A dim fewer even where it has size 0 (``shrink.resized`` keeps those: it selects index 0), for tensors without literal values."""
    for where, v in arg_leaves(spec):
        if isinstance(v, TensorSpec) and v.fill != "values" and v.stride is None and v.quant is None and 0 in v.shape:
            for d in range(len(v.shape)):
                yield replace_leaf(spec, where, v.replace(shape=v.shape[:d] + v.shape[d + 1 :]))


def _joint_resizes(spec: CallSpec):
    """Every tensor of one shape resized together (``self`` and its ``mask``), where each alone no longer fits the other."""
    leaves = [(w, v) for w, v in arg_leaves(spec) if isinstance(v, TensorSpec)]
    shapes = {}
    for w, v in leaves:
        shapes.setdefault(v.shape, []).append((w, v))
    for shape, same in shapes.items():
        if len(same) < 2 or any(v.stride is not None or v.fill == "values" or v.quant is not None for _, v in same):
            continue
        for new in resized(same[0][1]):
            joint = spec
            for w, v in same:
                joint = replace_leaf(joint, w, v.replace(shape=new.shape))
            yield joint


def grown(spec: CallSpec, factor: int) -> CallSpec | None:
    """Every dense tensor built by a fill rule with each non-empty dim ``factor`` times longer; None when none is."""
    out = spec
    for where, v in arg_leaves(spec):
        if isinstance(v, TensorSpec) and v.layout == "strided" and v.fill != "values" and v.stride is None and v.quant is None \
                and v.numel > 0:
            out = replace_leaf(out, where, v.replace(shape=tuple(d * factor for d in v.shape)))
    return None if out == spec else out


def magnified(spec: CallSpec):
    """``spec`` with one whole-number element of a small tensor of given values ``MAGNIFY`` times farther from 0 (0 to
    ``MAGNIFY``), one candidate per element.

    A kernel that takes an index from its input (a box's batch index) and
    writes into a buffer it allocated itself writes past it by that index:
    a small overshoot lands in the heap's slack, and no guard on the inputs
    catches it; the same write a thousand times farther meets unmapped
    memory and faults, in every environment.
    """
    for where, v in arg_leaves(spec):
        if not (isinstance(v, TensorSpec) and v.fill == "values" and v.values and len(v.values) <= MAGNIFIED_NUMEL
                and v.quant is None and v.layout == "strided"):
            continue
        for i, x in enumerate(v.values):
            if isinstance(x, bool) or not isinstance(x, (int, float)) or x != int(x):
                continue
            far = type(x)(x * MAGNIFY if x else MAGNIFY)
            yield replace_leaf(spec, where, v.replace(values=v.values[:i] + (far,) + v.values[i + 1:]))

