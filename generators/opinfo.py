"""From an OpInfo to a Hypothesis strategy of calls: its sample inputs, mutated.

The samples encode what is valid for the op, so each example starts from
one of them and changes what the op should not care about, or must handle:
the dtype (within what the OpInfo supports on the device), the input's leading
dim (cut to 0 or 1, when it is the sample's only tensor), the memory
layout of tensor arguments (same values, other strides and offsets), bool
flags, enum-like keyword ints and strings, optional keyword arguments
dropped or set to None, and an autograd pass (generators/grad.py): backward,
double backward or forward-mode AD over a drawn subset of the differentiable
inputs, run in the same call as the forward so backward kernels are checked
with the output masks autograd computes.

Samples are built once per (OpInfo, dtype) under a fixed torch seed and
never passed to the op: every example gets fresh copies, so no example sees
a tensor an earlier one may have mutated, and replay is deterministic.
"""
from __future__ import annotations

import dataclasses
import functools
import random
import warnings

import numpy as np
import torch
from hypothesis import strategies as st

from opprop.check import catalog
from opprop.core.calls import Call
from opprop.core.outcomes import says_bug
from opprop.generators import grad
from opprop.generators.sample_copies import Copier, layout_can_change, tensors_in
from opprop.inputs.sample_building import sample_building
from opprop.inputs.validity import floor_draw
from opprop.strategies import LAYOUT_KINDS, StrideLayout, layouts, simplest_first

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)

SAMPLE_SEED = 0
# Keyword names whose int or string values are drawn from a small set the op must accept.
REDUCTIONS = ("mean", "sum", "none")
# Zero-size and size-1 leading dims, only for samples whose input is their one tensor: cutting one tensor of
# several breaks their shared shapes, and torch does not always check (input-only cuts segfaulted
# torch.lu_unpack, LU batch 0 with pivots batch 3; cuts of every tensor sharing the size segfaulted
# _segment_reduce with lengths).
BATCH_CUTS = ((0, "input"), (1, "input"))
PROBE_SAMPLES = 6  # samples, spread over the list, that the probe tries each single change on


def cpu_dtypes(opinfo, device: str = "cpu") -> list:
    """The OpInfo's dtypes on ``device``, simplest first (what the strategy draws from)."""
    return simplest_first(opinfo.supported_dtypes(device))


@functools.lru_cache(maxsize=32)  # more than any OpInfo's dtypes: draws move between dtypes, a thrashed cache rebuilds
def pristine_samples(opinfo_id: str, dtype: torch.dtype, device: str) -> tuple:
    """The OpInfo's sample inputs for ``dtype``, built deterministically; only ever copied, never run."""
    opinfo = catalog.opinfos_by_id()[opinfo_id]
    python_state = random.getstate()  # some sample generators use the random module: seed it, then restore it
    numpy_state = np.random.get_state()
    with torch.random.fork_rng(devices=[]), warnings.catch_warnings(), sample_building(device):
        warnings.simplefilter("ignore")
        torch.manual_seed(SAMPLE_SEED)
        random.seed(SAMPLE_SEED)
        np.random.seed(SAMPLE_SEED)
        try:
            return tuple(opinfo.sample_inputs(device, dtype, requires_grad=False))
        except Exception:  # a sample generator that fails for this dtype gives no samples for it
            return ()
        finally:
            random.setstate(python_state)
            np.random.set_state(numpy_state)


def _enum_choices(name: str, value, input_):
    """The values an enum-like keyword may take, or None when it is not one."""
    if isinstance(value, bool):
        return None
    if name == "dim" and isinstance(value, int) and isinstance(input_, torch.Tensor):
        n = max(input_.dim(), 1)
        return list(range(-n, n))
    if name == "reduction" and value in REDUCTIONS:
        return list(REDUCTIONS)
    if name == "memory_format" and isinstance(value, torch.memory_format):
        formats = [torch.preserve_format, torch.contiguous_format]
        if isinstance(input_, torch.Tensor) and input_.dim() == 4:
            formats.append(torch.channels_last)
        return formats
    return None


# ------------------------------------------------------------------ a plan of mutations, and applying it


@dataclasses.dataclass
class SampleChange:
    """What to change in one sample: the strategy draws it, the probe tries one change at a time."""

    layouts: dict = dataclasses.field(default_factory=dict)  # id(sample tensor) -> StrideLayout
    flips: set = dataclasses.field(default_factory=set)  # ("arg", i) or ("kw", name)
    enums: dict = dataclasses.field(default_factory=dict)  # kwarg name -> new value
    drops: set = dataclasses.field(default_factory=set)  # kwarg names: tensors become None, others are removed
    grad: str = grad.NONE  # the autograd pass run after the forward (generators/grad.py)
    wrt: tuple = ()  # positions, among the sample's differentiable tensors, of those the pass differentiates
    batch: tuple | None = None  # (size, scope): the leading dim cut to 0 or 1, on the input or on every tensor sharing it

    def describe(self, sample) -> list[str]:
        done = [f"leading dim {self.batch[0]} ({self.batch[1]})"] if self.batch else []
        done += [f"layout {lay.kind}" for lay in self.layouts.values()]
        done += [f"flip {k if kind == 'kw' else f'arg {k + 1}'}" for kind, k in sorted(self.flips, key=str)]
        done += [f"{k}={v}" for k, v in self.enums.items()]
        done += [f"{k}=None" if isinstance(sample.kwargs.get(k), torch.Tensor) else f"drop {k}" for k in sorted(self.drops)]
        if self.grad != grad.NONE:
            labels = grad.labels(sample)
            done.append(f"{self.grad} wrt " + "+".join(labels[i] for i in self.wrt))
        return done


def apply(sample, plan: SampleChange) -> tuple:
    """Fresh (input, args, kwargs) for ``sample`` with ``plan``'s changes; the sample itself is untouched."""
    replaced = {}
    for key, t in tensors_in((sample.input, sample.args, sample.kwargs), {}).items():
        new = t
        if plan.batch and _cut(sample, t, plan.batch):
            new = t.detach().narrow(0, 0, plan.batch[0]).clone()  # the same leading rows: values stay in the sample's domain
        if key in plan.layouts and plan.layouts[key].applies_to(new.shape):
            new = plan.layouts[key].apply(new)
        if new is not t:
            replaced[key] = new
    copy = Copier(replaced)
    input_ = copy(sample.input)
    args = list(copy(tuple(sample.args)))
    kwargs = copy(dict(sample.kwargs))
    for kind, k in plan.flips:
        if kind == "arg":
            args[k] = not args[k]
        else:
            kwargs[k] = not kwargs[k]
    kwargs.update(plan.enums)
    for k in plan.drops:
        if isinstance(kwargs[k], torch.Tensor):
            kwargs[k] = None
        else:
            del kwargs[k]
    grad.mark((input_, args, kwargs), plan.grad, plan.wrt)
    return input_, args, kwargs


def _leading(sample):
    """The input's leading size when it can be cut (to 0 or 1), else None."""
    x = sample.input
    if len(tensors_in((sample.input, sample.args, sample.kwargs), {})) != 1:
        return None
    if layout_can_change(x) and x.dim() >= 1 and x.shape[0] > 1:
        return x.shape[0]
    return None


def _cut(sample, t, batch) -> bool:
    """Whether ``batch``'s cut of the leading dim applies to tensor ``t`` of ``sample``."""
    if t is sample.input:
        return True
    return batch[1] == "all" and layout_can_change(t) and t.dim() >= 1 and t.shape[0] == _leading(sample)


def _changeable_tensors(sample) -> dict:
    return {k: t for k, t in tensors_in((sample.input, sample.args, sample.kwargs), {}).items() if layout_can_change(t)}


def _flags(sample) -> list:
    return [("arg", i) for i, a in enumerate(sample.args) if isinstance(a, bool)] + [
        ("kw", k) for k, v in sample.kwargs.items() if isinstance(v, bool)
    ]


def _single_changes(sample, grad_modes):
    """Every one-change plan for ``sample``, each with the (kind, key) the probe judges it under."""
    tensors = _changeable_tensors(sample)
    if _leading(sample):
        for batch in BATCH_CUTS:
            yield ("batch", batch), SampleChange(batch=batch)
    for kind in LAYOUT_KINDS[1:]:
        chosen = {key: StrideLayout(kind) for key, t in tensors.items() if StrideLayout(kind).applies_to(t.shape)}
        if chosen:
            yield ("layout", kind), SampleChange(layouts=chosen)
    for flag in _flags(sample):
        yield ("flip", flag), SampleChange(flips={flag})
    for k, v in sample.kwargs.items():
        for choice in _enum_choices(k, v, sample.input) or ():
            if choice != v:
                yield ("enum", (k, choice)), SampleChange(enums={k: choice})
        yield ("drop", k), SampleChange(drops={k})
    everything = tuple(range(len(grad.differentiable(sample))))
    for mode in grad_modes if everything else ():
        yield ("grad", mode), SampleChange(grad=mode, wrt=everything)
    if grad.BACKWARD in grad_modes and len(everything) > 1:  # an input the op has no derivative for (a loss's weight)
        for i, label in enumerate(grad.labels(sample)):
            yield ("grad_input", label), SampleChange(grad=grad.BACKWARD, wrt=(i,))


@dataclasses.dataclass(frozen=True)
class Allowed:
    """The changes an op (or module) accepted when the probe tried them one at a time; ``unusable`` says why none can be drawn."""

    refused: frozenset  # (kind, key) pairs rejected on a quarter or more of the probed samples they applied to
    unusable: str | None = None

    def permits(self, kind, key) -> bool:
        return (kind, key) not in self.refused

    def steered(self, draw) -> "Allowed":
        """What one draw may use: these refusals, or none on a floor draw (the probe's few samples rule nothing out for good)."""
        return Allowed(frozenset(), self.unusable) if self.refused and floor_draw(draw) else self


class Votes:
    """Per change: on how many probed samples it was taken and refused; the one refusal rule for ops and modules."""

    def __init__(self):
        self.counts: dict = {}  # change -> (taken, refused)

    def add(self, change, taken: bool) -> None:
        ok, bad = self.counts.get(change, (0, 0))
        self.counts[change] = (ok + 1, bad) if taken else (ok, bad + 1)

    def allowed(self) -> Allowed:
        """Refused: rejected on a quarter or more of the samples it applied to."""
        return Allowed(frozenset(change for change, (ok, bad) in self.counts.items() if 4 * bad >= ok + bad))


def error_line(e: BaseException) -> str:
    """What a probed sample was refused with: the error's type and the first line of its message."""
    return f"{type(e).__name__}: {(str(e).splitlines() or [''])[0][:120]}"


def _accepts(opinfo, sample, plan) -> bool:
    """Whether the op takes the changed sample: a bug it ends in (an internal assert) is taken, never a refusal."""
    try:
        input_, args, kwargs = apply(sample, plan)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            grad.Pass(opinfo.op, plan.grad, plan.wrt)(input_, *args, **kwargs)
        return True
    except Exception as e:
        return says_bug(e)


@functools.lru_cache(maxsize=4096)
def _layouts_of(shape: tuple, kinds: tuple) -> st.SearchStrategy:
    """One strategy per (shape, kinds), drawn from again: Hypothesis validates a new strategy on its first draw, about
    a millisecond, which every example's every tensor paid."""
    return layouts(shape, kinds=kinds)


@functools.lru_cache(maxsize=None)
def allowed_changes(opinfo_id: str, device: str = "cpu") -> Allowed:
    """Try each single change on a few samples of the simplest and the most exotic dtype; refuse those the
    op often rejects.

    This keeps drawn examples valid (an op that needs a contiguous input, or
    a keyword it cannot do without, is not fed the change that breaks it)
    while every change the op takes stays in play.
    """
    opinfo = catalog.opinfos_by_id()[opinfo_id]
    with_samples = [d for d in cpu_dtypes(opinfo, device) if pristine_samples(opinfo_id, d, device)]
    if not with_samples:
        return Allowed(frozenset(), f"no sample inputs on {device}")
    backward = grad.backward_dtypes(opinfo, device)
    votes = Votes()
    first_error = None
    usable = 0
    for dtype in dict.fromkeys((with_samples[0], with_samples[-1])):
        samples = pristine_samples(opinfo_id, dtype, device)
        step = max(1, len(samples) // PROBE_SAMPLES)
        for sample in samples[::step][:PROBE_SAMPLES]:
            try:
                input_, args, kwargs = apply(sample, SampleChange())
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    opinfo.op(input_, *args, **kwargs)
            except Exception as e:
                if not says_bug(e):  # a sample that ends in a bug is usable: its changes are probed like any other's
                    first_error = first_error or error_line(e)
                    continue
            usable += 1
            for change, plan in _single_changes(sample, grad.modes(opinfo) if dtype in backward else ()):
                if change[0] == "grad":  # autograd support differs by dtype (ComplexHalf backward needs sum_cpu)
                    change = ("grad", (change[1], dtype))
                elif change[0] == "grad_input" and dtype != with_samples[0]:
                    continue  # whether an input has a derivative at all: asked in the simplest dtype, held for all
                votes.add(change, _accepts(opinfo, sample, plan))
    if not usable:
        return Allowed(frozenset(), f"every probed sample was rejected on {device}: {first_error}")
    return votes.allowed()


def opinfo_call_strategy(opinfo, device: str = "cpu"):
    """Calls of ``opinfo.op`` on mutated copies of its samples; None when it has no dtype on ``device``."""
    dtypes = cpu_dtypes(opinfo, device)
    if not dtypes:
        return None
    name = catalog.opinfo_id(opinfo)
    differentiable = grad.backward_dtypes(opinfo, device)
    grad_modes = grad.modes(opinfo)

    @st.composite
    def calls(draw):
        allowed = allowed_changes(name, device).steered(draw)
        # Structure first: which dtype and which sample; then which kinds of change; then their details.
        dtype = draw(st.sampled_from(dtypes))
        samples = pristine_samples(name, dtype, device)
        if not samples:  # this dtype's sample generator fails: fall back to the simplest dtype that has samples
            dtype = next((d for d in dtypes if pristine_samples(name, d, device)), dtype)
            samples = pristine_samples(name, dtype, device)
        if not samples:
            raise NoSamples(f"{name} has no sample inputs on {device}")
        index = draw(st.integers(0, len(samples) - 1))
        sample = samples[index]
        change_layouts, flip_flags, change_enums, drop_optional = (draw(st.booleans()) for _ in range(4))
        modes = [m for m in grad_modes if allowed.permits("grad", (m, dtype))] if dtype in differentiable else []
        usable = [i for i, label in enumerate(grad.labels(sample)) if allowed.permits("grad_input", label)]
        grad_mode, picked = draw(grad.passes(modes, len(usable)))
        wrt = tuple(usable[i] for i in picked) if grad_mode != grad.JVP else tuple(range(len(grad.differentiable(sample))))  # see grad.passes
        cuts = [b for b in BATCH_CUTS if allowed.permits("batch", b)] if _leading(sample) else []
        batch = draw(st.sampled_from([None, *cuts])) if cuts and draw(st.booleans()) else None

        plan = SampleChange(grad=grad_mode, wrt=wrt, batch=batch)
        if change_layouts:
            for key, t in _changeable_tensors(sample).items():
                shape = (batch[0], *t.shape[1:]) if batch and _cut(sample, t, batch) else tuple(t.shape)
                kinds = tuple(k for k in LAYOUT_KINDS if k == "contiguous" or allowed.permits("layout", k))
                layout = draw(_layouts_of(shape, kinds))
                if layout.kind != "contiguous" or not t.is_contiguous():
                    plan.layouts[key] = layout
        if flip_flags:
            plan.flips = {flag for flag in _flags(sample) if allowed.permits("flip", flag) and draw(st.booleans())}
        if change_enums:
            for k, v in sample.kwargs.items():
                choices = [c for c in _enum_choices(k, v, sample.input) or () if c == v or allowed.permits("enum", (k, c))]
                if len(choices) > 1:
                    choice = draw(st.sampled_from(choices))
                    if choice != v:
                        plan.enums[k] = choice
        if drop_optional:
            plan.drops = {k for k in sample.kwargs if allowed.permits("drop", k) and draw(st.booleans())}
        input_, args, kwargs = apply(sample, plan)
        done = [f"sample {index}", str(dtype).replace("torch.", "")] + plan.describe(sample)
        return Call(name, grad.Pass(opinfo.op, grad_mode, wrt), (input_, *args), kwargs, source="opinfo-drawn: " + ", ".join(done))

    return calls()


class NoSamples(ValueError):
    """An OpInfo whose sample generator yields nothing for any dtype on the device."""


def edge_generators_for(opinfo, device: str = "cpu") -> list:
    """Edge generators with a strategy that target this OpInfo's overload (``aten::<aten_name>``) or its id."""
    from opprop.generators.registry import generators_for

    keys = [catalog.opinfo_id(opinfo)]
    overload = catalog.overload_from_name("aten::" + opinfo.aten_name)
    if overload is not None:
        keys.insert(0, catalog.qualified_name(overload))
    found = {}
    for key in keys:
        for g in generators_for(key):
            if g.strategy is not None and g.available_on(device):
                found.setdefault(g.name, g)
    return list(found.values())
