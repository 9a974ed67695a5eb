"""ModuleInfo targets: every module of PyTorch's ``module_db``, built, run forward, then backward.

Real models reach kernels that no single op call does: nn modules pick fused
and oneDNN paths in float32 on CPU, and autograd calls backward kernels
with the workspaces the forward saved and the output masks implied by which
parameters and inputs need a gradient. Each ``module_db`` entry is a target
named by its ModuleInfo name (``nn.LSTM``; OpInfo ids of functionals are
``nn.functional.*``, so the names never collide). An example is one of its
``module_inputs_func`` samples: the module is constructed (parameters seeded)
from the sample's constructor arguments, put in train or eval mode, and called
on fresh copies of the forward inputs; then, in the same call under the same
checks, autograd differentiates a drawn subset of its parameters and
differentiable inputs (backward, or double backward where the ModuleInfo
supports it). Hypothesis draws the dtype (float32, float64), the sample,
train or eval, the batch size (the leading dim cut to 1 where the module
takes it), the grad mode and the subset; each shrinks to the simplest.
"""
from __future__ import annotations

import dataclasses
import functools
import random
import warnings
from typing import Iterator

import numpy as np
import torch
from hypothesis import strategies as st

from opprop.core.calls import Call
from opprop.core.outcomes import says_bug
from opprop.generators import grad
from opprop.generators.opinfo import SAMPLE_SEED, Allowed, Votes, error_line
from opprop.generators.sample_copies import Copier, layout_can_change
from opprop.inputs.sample_building import sample_building, seed_generators

EDGE_FAMILY = False  # inputs for module / autograd targets, not an edge-generator family (generators.registry)
DTYPES = (torch.float32, torch.float64)  # float32: the default dtype, the oneDNN paths on CPU
PROBE_SAMPLES = 4  # samples, spread over the list, that the probe tries each change on
MODES = (grad.BACKWARD, grad.GRADGRAD)


@functools.lru_cache(maxsize=1)
def module_infos() -> dict:
    """ModuleInfo name -> ModuleInfo: ``module_db`` (imported lazily: seconds), then modules it lacks."""
    from torch.testing._internal.common_modules import module_db

    found = {m.name: m for m in module_db}
    for extra in _extra_module_infos():
        found.setdefault(extra.name, extra)
    return found


def is_module(target) -> bool:
    from torch.testing._internal.common_modules import ModuleInfo

    return isinstance(target, ModuleInfo)


def _embedding_bag_inputs(module_info, device, dtype, requires_grad, training, **kwargs):
    """nn.EmbeddingBag, which module_db lacks: every mode, per-sample weights, offsets, padding_idx, max_norm."""
    from torch.testing._internal.common_modules import FunctionInput, ModuleInput

    idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9], device=device)
    offsets = torch.tensor([0, 3, 3, 6], device=device)
    weights = torch.rand(8, device=device, dtype=dtype)
    samples = []
    for mode in ("sum", "mean", "max"):
        samples.append(ModuleInput(FunctionInput(10, 3, mode=mode), forward_input=FunctionInput(idx.clone(), offsets.clone()), desc=mode))
        samples.append(ModuleInput(FunctionInput(10, 3, mode=mode), forward_input=FunctionInput(idx.view(2, 4).clone()), desc=f"{mode} 2d"))
        samples.append(ModuleInput(FunctionInput(10, 3, mode=mode, padding_idx=2), forward_input=FunctionInput(idx.clone(), offsets.clone()), desc=f"{mode} padding_idx"))
        samples.append(ModuleInput(FunctionInput(10, 3, mode=mode, include_last_offset=True), forward_input=FunctionInput(idx.clone(), offsets.clone()), desc=f"{mode} include_last_offset"))
    samples.append(ModuleInput(FunctionInput(10, 3, mode="sum"), forward_input=FunctionInput(idx.clone(), offsets.clone(), weights.clone()), desc="per_sample_weights"))
    samples.append(ModuleInput(FunctionInput(10, 3, mode="sum", max_norm=1.0), forward_input=FunctionInput(idx.clone(), offsets.clone()), desc="max_norm"))
    return samples


def _extra_module_infos() -> list:
    from torch.testing._internal.common_modules import ModuleInfo

    return [ModuleInfo(torch.nn.EmbeddingBag, module_inputs_func=_embedding_bag_inputs, supports_gradgrad=False)]


def module_dtypes(module_info, device: str = "cpu") -> list:
    supported = set(module_info.supported_dtypes(device)) if hasattr(module_info, "supported_dtypes") else set(module_info.dtypes)
    return [d for d in DTYPES if d in supported]


@functools.lru_cache(maxsize=64)
def pristine_inputs(name: str, dtype: torch.dtype, training: bool, device: str = "cpu") -> tuple:
    """The ModuleInfo's module inputs, built deterministically; only ever copied, never run."""
    module_info = module_infos()[name]
    python_state, numpy_state = random.getstate(), np.random.get_state()
    with torch.random.fork_rng(devices=[]), warnings.catch_warnings(), sample_building(device):
        warnings.simplefilter("ignore")
        torch.manual_seed(SAMPLE_SEED)
        random.seed(SAMPLE_SEED)
        np.random.seed(SAMPLE_SEED)
        try:
            return tuple(module_info.module_inputs_func(module_info, device=device, dtype=dtype, requires_grad=False, training=training))
        except Exception:  # an inputs function that fails for this dtype gives no samples for it
            return ()
        finally:
            random.setstate(python_state)
            np.random.set_state(numpy_state)


# ------------------------------------------------------------------ one example: what is drawn, and building it


@dataclasses.dataclass(frozen=True)
class ModuleChange:
    dtype: torch.dtype = torch.float32
    training: bool = True
    batch: int | None = None  # the forward inputs' leading dim cut to this size
    mode: str = grad.NONE
    wrt: tuple = ()  # positions among grad_items(): parameters first, then differentiable forward tensors

    def describe(self, items) -> list[str]:
        done = [str(self.dtype).replace("torch.", ""), "train" if self.training else "eval"]
        done += [f"leading dim {self.batch}"] if self.batch is not None else []
        if self.mode != grad.NONE:
            done.append(f"{self.mode} wrt " + "+".join(items[i] for i in self.wrt))
        return done


def _forward_tensors(forward_input) -> list:
    found: dict = {}
    grad.collect_tensors((forward_input.args, forward_input.kwargs), "", found)
    return [t for t, _ in found.values()]


def _leading(module_input) -> int | None:
    """The first forward tensor's leading size, when it can be cut (to 1); module_db names unbatched samples."""
    if "no_batch_dim" in (module_input.desc or ""):
        return None
    tensors = _forward_tensors(module_input.forward_input)
    if tensors and layout_can_change(tensors[0]) and tensors[0].dim() >= 1 and tensors[0].shape[0] > 1:
        return tensors[0].shape[0]
    return None


def grad_items(module, forward_args, forward_kwargs) -> list[tuple[str, torch.Tensor]]:
    """(label, tensor) a backward pass may differentiate: the module's parameters, then its floating forward inputs."""
    items = [(n, p) for n, p in module.named_parameters() if not isinstance(p, torch.nn.parameter.UninitializedParameter)]
    found: dict = {}
    for i, a in enumerate(forward_args):
        grad.collect_tensors(a, f"input {i}" if i else "input", found)
    for k, v in forward_kwargs.items():
        grad.collect_tensors(v, k, found)
    return items + [(p, t) for t, p in found.values() if t.is_floating_point() or t.is_complex()]


def build(module_info, module_input, change: ModuleChange, device: str = "cpu"):
    """(module, forward args, forward kwargs) for one example: fresh, seeded, with ``change`` applied."""
    lead = _leading(module_input) if change.batch is not None else None
    replaced = {}
    if lead is not None:
        for t in _forward_tensors(module_input.forward_input):
            if layout_can_change(t) and t.dim() >= 1 and t.shape[0] == lead:
                replaced[id(t)] = t.detach().narrow(0, 0, change.batch).clone()
    copy = Copier(replaced)
    cargs, ckwargs = copy(tuple(module_input.constructor_input.args)), copy(dict(module_input.constructor_input.kwargs))
    with torch.random.fork_rng(devices=[]), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_generators(device, SAMPLE_SEED)
        module = module_info.module_cls(*cargs, **ckwargs)
        module.to(device=device, dtype=change.dtype)
    module.train(change.training)
    args, kwargs = copy(tuple(module_input.forward_input.args)), copy(dict(module_input.forward_input.kwargs))
    mark(module, args, kwargs, change)
    return module, args, kwargs


def mark(module, args, kwargs, change: ModuleChange) -> None:
    """requires_grad on the parameters and inputs the pass differentiates (parameters not chosen: off)."""
    if change.mode == grad.NONE:
        return
    chosen = set(change.wrt)
    for i, (_, t) in enumerate(grad_items(module, args, kwargs)):
        if isinstance(t, torch.nn.Parameter):
            t.requires_grad_(i in chosen)
        elif i in chosen and t.is_leaf:
            t.requires_grad_(True)


@dataclasses.dataclass(frozen=True)
class ModulePass:
    """The module's forward, then the backward pass over whatever needs a gradient (its parameters and inputs)."""

    module: torch.nn.Module
    mode: str = grad.NONE

    def __call__(self, *args, **kwargs):
        out = self.module(*args, **kwargs)
        if self.mode != grad.NONE:
            inputs = [t for _, t in grad_items(self.module, args, kwargs) if t.requires_grad and t.is_leaf]
            grad.backward(out, inputs, twice=self.mode == grad.GRADGRAD)
        return out

    def __repr__(self) -> str:
        return f"{type(self.module).__name__}{'' if self.mode == grad.NONE else ' + ' + self.mode}"


def module_call(module_info, index: int, change: ModuleChange, device: str = "cpu", source: str = "module-drawn", built=None) -> Call:
    """The example ``change`` of sample ``index``; ``built`` is its (module, args, kwargs) when already built."""
    module_input = pristine_inputs(module_info.name, change.dtype, change.training, device)[index]
    if built is None:
        module, args, kwargs = build(module_info, module_input, change, device)
    else:
        module, args, kwargs = built
        mark(module, args, kwargs, change)
    labels = [label for label, _ in grad_items(module, args, kwargs)]
    done = [f"sample {index}"] + ([module_input.desc] if module_input.desc else []) + change.describe(labels)
    return Call(module_info.name, ModulePass(module, change.mode), args, kwargs, source=f"{source}: " + ", ".join(done))


def usable_items(allowed, module, args, kwargs) -> list[int]:
    """Positions among grad_items() a pass may differentiate: every parameter, and the inputs the probe kept."""
    items = grad_items(module, args, kwargs)
    n_params = sum(isinstance(t, torch.nn.Parameter) for _, t in items)
    return [i for i in range(len(items)) if i < n_params or allowed.permits("input", i - n_params)]


# ------------------------------------------------------------------ what the module takes: probed once


def _runs(module_info, module_input, change, device) -> str | None:
    """None when the example runs (or ends in a bug), else the first line of the error it was refused with."""
    try:
        module, args, kwargs = build(module_info, module_input, change, device)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ModulePass(module, change.mode)(*args, **kwargs)
        return None
    except Exception as e:
        return None if says_bug(e) else error_line(e)  # a bug it ends in is a finding, not a refusal


@functools.lru_cache(maxsize=None)
def module_allowed(name: str, device: str = "cpu") -> Allowed:
    """Try each change alone on a few float32 training samples; refuse those the module often rejects.

    A loss module's backward with respect to its target is often not
    implemented: that input is left out of the drawn subsets, while its
    parameters and other inputs stay in play.
    """
    module_info = module_infos()[name]
    dtypes = module_dtypes(module_info, device)
    if not dtypes:
        return Allowed(frozenset(), f"no float32 or float64 on {device}")
    samples = pristine_inputs(name, dtypes[0], True, device)
    if not samples:
        return Allowed(frozenset(), f"no module inputs on {device}")
    votes = Votes()  # keys: ("batch", None), ("grad", mode), ("input", position among the forward's floating tensors)
    first_error, usable = None, 0
    step = max(1, len(samples) // PROBE_SAMPLES)
    modes = MODES if module_info.supports_gradgrad else MODES[:1]
    for module_input in samples[::step][:PROBE_SAMPLES]:
        base = ModuleChange(dtype=dtypes[0])
        error = _runs(module_info, module_input, base, device)
        if error:
            first_error = first_error or error
            continue
        usable += 1
        module, args, kwargs = build(module_info, module_input, base, device)
        items = grad_items(module, args, kwargs)
        n_params = sum(isinstance(t, torch.nn.Parameter) for _, t in items)
        changes = [(("grad", m), dataclasses.replace(base, mode=m, wrt=tuple(range(len(items))))) for m in modes if items]
        changes += [(("input", i - n_params), dataclasses.replace(base, mode=grad.BACKWARD, wrt=(i,))) for i in range(n_params, len(items))]
        if _leading(module_input):
            changes.append((("batch", None), dataclasses.replace(base, batch=1)))
        for key, change in changes:
            votes.add(key, _runs(module_info, module_input, change, device) is None)
    if not usable:
        return Allowed(frozenset(), f"every probed sample was rejected on {device}: {first_error}")
    return votes.allowed()


def module_call_strategy(module_info, device: str = "cpu"):
    """Drawn examples of one module; None when it has no float32/float64 on ``device``."""
    dtypes = module_dtypes(module_info, device)
    if not dtypes:
        return None
    name = module_info.name
    modes = MODES if module_info.supports_gradgrad else MODES[:1]

    @st.composite
    def calls(draw):
        allowed = module_allowed(name, device).steered(draw)
        dtype = draw(st.sampled_from(dtypes))
        training = draw(st.booleans().map(lambda eval_: not eval_))  # shrinks to train
        samples = pristine_inputs(name, dtype, training, device)
        if not samples:
            raise NoModuleInputs(f"{name} has no module inputs for {dtype} on {device}")
        index = draw(st.integers(0, len(samples) - 1))
        module_input = samples[index]
        batch = 1 if _leading(module_input) and allowed.permits("batch", None) and draw(st.booleans()) else None
        change = ModuleChange(dtype=dtype, training=training, batch=batch)
        built = build(module_info, module_input, change, device)
        usable = usable_items(allowed, *built)
        mode, picked = draw(grad.passes([m for m in modes if allowed.permits("grad", m)], len(usable)))
        change = dataclasses.replace(change, mode=mode, wrt=tuple(usable[i] for i in picked))
        return module_call(module_info, index, change, device, built=built)

    return calls()


def module_sample_calls(module_info, device: str = "cpu") -> Iterator[Call]:
    """The fixed examples: every module input in float32, train and eval, backward over everything."""
    dtypes = module_dtypes(module_info, device)
    if not dtypes:
        return
    allowed = module_allowed(module_info.name, device)
    for training in (True, False):
        for index, module_input in enumerate(pristine_inputs(module_info.name, dtypes[0], training, device)):
            change = ModuleChange(dtype=dtypes[0], training=training)
            built = build(module_info, module_input, change, device)
            change = dataclasses.replace(change, mode=grad.BACKWARD, wrt=tuple(usable_items(allowed, *built)))
            yield module_call(module_info, index, change, device, source="module-sample", built=built)


class NoModuleInputs(ValueError):
    """A ModuleInfo whose inputs function yields nothing for a dtype on the device."""


def module_targets(device: str = "cpu") -> list[str]:
    """Names of the modules with float32 or float64 on ``device``: the fuzz and property-test targets."""
    return sorted(name for name, m in module_infos().items() if module_dtypes(m, device))
