"""Grown calls: the finding's call with larger non-empty tensors, and calls the op's own strategy draws.

A finding's call is often a corner (a zero-size input, the early-return
path), and its shrunk neighbours are smaller corners still. A fix proven
there alone may be wrong on every other input: ``channel_shuffle`` returns
its empty input and fresh memory otherwise, so ``Tensor(a) self ->
Tensor(a)`` removes the finding on the empty input and makes a declared view
that copies (``view_copies``) on a normal one. ``verify`` replays a fix on
these calls too, asking only that the copy show no finding the original
does not, so that a verdict covers the op's general behaviour.
"""
from __future__ import annotations

import functools

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from opprop.check import catalog
from opprop.core.specs import CallSpec, TensorSpec
from opprop.explore import profiles
from opprop.explore.session import phase_seed
from opprop.explore.target import resolve
from opprop.generators import all_edge_generators
from opprop.inputs import validity
from opprop.reduce import capture
from opprop.reduce.shrink import arg_leaves, replace_leaf

GROWN_SIZE = 3  # a zero-size dim grown to this
SAMPLES = 4  # the op's fixed samples (OpInfo, edge generators) replayed
DRAWS = 8  # the op's own drawn calls replayed
GROWTHS = (lambda n: n or GROWN_SIZE, lambda n: n + 2)  # every empty dim filled; every dim larger


def _grown_tensor(t: TensorSpec, size) -> TensorSpec | None:
    """A dense tensor grown dim by dim, contiguous and filled with arange; None for one built otherwise (quantized, sparse,
    guarded: growing would change its kind) or one growth leaves as it is."""
    if t.layout != "strided" or t.quant is not None or t.guarded:
        return None
    shape = tuple(size(n) for n in t.shape)
    return None if shape == tuple(t.shape) else TensorSpec(t.dtype, shape, "arange", requires_grad=t.requires_grad)


def larger(spec: CallSpec) -> list[CallSpec]:
    """The call with every dense tensor grown by each of ``GROWTHS`` alike (so shapes that matched still match), and an
    int list that spelled a tensor's old shape spelling its new one."""
    found = []
    for size in GROWTHS:
        call, shapes = spec, {}
        for where, v in list(arg_leaves(spec)):
            new = _grown_tensor(v, size) if isinstance(v, TensorSpec) else None
            if new is not None:
                call = replace_leaf(call, where, new)
                shapes[tuple(v.shape)] = list(new.shape)
        call = _respelled(call, shapes)
        if shapes and call != spec and call not in found:
            found.append(call)
    return found


def _respelled(call: CallSpec, shapes: dict) -> CallSpec:
    def fix(v):
        if isinstance(v, list) and v and all(isinstance(x, int) and not isinstance(x, bool) for x in v) and tuple(v) in shapes:
            return shapes[tuple(v)]
        return v

    return call.replace(args=tuple(fix(a) for a in call.args), kwargs={k: fix(v) for k, v in call.kwargs.items()})


def warm() -> None:
    """What the draws import, once, in a parent about to fork one proof per entry (op_db costs seconds; no op runs),
    and Hypothesis's own PRNG registered: its first test in a process runs a full ``gc.collect()``, 0.3 s over op_db's
    objects, which every forked proof would otherwise pay again."""
    catalog.opinfos_by_id()
    all_edge_generators()
    _hypothesis_started()


@functools.lru_cache(maxsize=1)
def _hypothesis_started() -> None:
    @settings(max_examples=1, database=None, phases=[Phase.generate], deadline=None)
    @given(st.none())
    def first(_):
        pass

    first()


def drawn(op, *, samples: int = SAMPLES, draws: int = DRAWS, seed: int = 0) -> list[CallSpec]:
    """Calls of ``op`` made by its own target, as ``opprop check`` makes them: its first fixed samples, then draws of its
    strategy (each top-level call's first call of the overload, recorded before it runs).

    Bounded by count, never by the clock, and drawn with a fresh validity record: the same op gets the same calls
    whatever the machine's load or what earlier runs here learned, so its verdict does too. The proof's own deadline,
    in its forked child, bounds a slow one."""
    name = catalog.qualified_name(op)
    try:
        target = resolve(name)
    except catalog.UnknownOp:
        return []
    warm()  # nothing to do where the parent warmed up before forking this proof (fixes.warm_parent); else once, here
    found: list[CallSpec] = []

    def keep(call) -> None:
        try:
            specs = capture.recorded(call, name)[:1]
        except Exception:  # a draw whose own wrapper fails outside the op: no call of it to keep
            return
        found.extend(s for s in specs if s not in found)

    for index, call in enumerate(target.sample_calls("cpu")):
        if index >= samples:
            break
        keep(call)
    strategy = target.call_strategy("cpu", learner=validity.OpValidity())
    if strategy is None or draws <= 0:
        return found

    @settings(**{**profiles.EXPLORING, "max_examples": draws, "database": None, "phases": (Phase.generate,)})
    @given(strategy)
    def drawn_examples(call):
        keep(call)

    drawn_examples._hypothesis_internal_use_seed = phase_seed(seed, name, 1)
    try:
        drawn_examples()
    except Exception:  # a strategy that broke, Unsatisfiable: the calls drawn so far still count
        pass
    return found
