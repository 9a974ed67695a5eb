"""From an OpInfo to a Hypothesis strategy of calls: its sample inputs, mutated.

The samples encode what is valid for the op, so each example starts from
one of them and changes what the op should not care about, or must handle:
the dtype (within what the OpInfo supports on the device), the memory
layout of tensor arguments (same values, other strides and offsets), bool
flags, enum-like keyword ints and strings, optional keyword arguments
dropped or set to None, and ``requires_grad`` on differentiable inputs.

Samples are built once per (OpInfo, dtype) under a fixed torch seed and
never passed to the op: every example gets fresh copies, so no example sees
a tensor an earlier one may have mutated, and replay is deterministic.
"""
from __future__ import annotations

import functools
import random
import warnings

import numpy as np
import torch
from hypothesis import strategies as st

from opprop import catalog
from opprop.calls import Call
from opprop.strategies import layouts, simplest_first

SAMPLE_SEED = 0
# Keyword names whose int or string values are drawn from a small set the op must accept.
REDUCTIONS = ("mean", "sum", "none")


def cpu_dtypes(opinfo, device: str = "cpu") -> list:
    """The OpInfo's dtypes on ``device``, simplest first (what the strategy draws from)."""
    return simplest_first(opinfo.supported_dtypes(device))


@functools.lru_cache(maxsize=6)
def pristine_samples(opinfo_id: str, dtype: torch.dtype, device: str) -> tuple:
    """The OpInfo's sample inputs for ``dtype``, built deterministically; only ever copied, never run."""
    opinfo = catalog.opinfos_by_id()[opinfo_id]
    python_state = random.getstate()  # some sample generators use the random module: seed it, then restore it
    numpy_state = np.random.get_state()
    with torch.random.fork_rng(devices=[]), warnings.catch_warnings():
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


def _layout_can_change(t) -> bool:
    return (
        isinstance(t, torch.Tensor)
        and t.layout == torch.strided
        and not (t.is_quantized or t.is_nested or t.is_conj() or t.is_neg())
        and type(t) is torch.Tensor
        and t.device.type != "meta"
    )


def _tensors_in(value, found: dict) -> dict:
    """Distinct tensors (by identity) in a nest of lists, tuples and dicts, in order of appearance."""
    if isinstance(value, torch.Tensor):
        found.setdefault(id(value), value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _tensors_in(v, found)
    elif isinstance(value, dict):
        for v in value.values():
            _tensors_in(v, found)
    return found


class _Copier:
    """Fresh copies of sample tensors: one new storage per old one, so aliasing between arguments survives."""

    def __init__(self, replaced: dict):
        self.replaced = replaced  # id(old tensor) -> already-built new tensor (a new layout)
        self.tensors: dict = {}
        self.storages: dict = {}

    def tensor(self, t: torch.Tensor) -> torch.Tensor:
        if id(t) in self.replaced:
            return self.replaced[id(t)]
        if id(t) in self.tensors:
            return self.tensors[id(t)]
        if _layout_can_change(t) and t.untyped_storage().nbytes() > 0:
            storage = t.untyped_storage()
            key = (storage.data_ptr(), str(t.device))
            if key not in self.storages:
                self.storages[key] = storage.clone()
            new = torch.empty(0, dtype=t.dtype, device=t.device).set_(self.storages[key], t.storage_offset(), t.size(), t.stride())
        else:
            new = t.detach().clone()
        self.tensors[id(t)] = new
        return new

    def __call__(self, value):
        if isinstance(value, torch.Tensor):
            return self.tensor(value)
        if isinstance(value, tuple) and not isinstance(value, torch.Size):
            return type(value)(self(v) for v in value) if not hasattr(value, "_fields") else type(value)(*(self(v) for v in value))
        if isinstance(value, list):
            return [self(v) for v in value]
        if isinstance(value, dict):
            return {k: self(v) for k, v in value.items()}
        return value


def _set_requires_grad(value):
    if isinstance(value, torch.Tensor):
        if (value.is_floating_point() or value.is_complex()) and value.is_leaf and not value.requires_grad:
            value.requires_grad_(True)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _set_requires_grad(v)


def _enum_choices(name: str, value, input_):
    """Other values an enum-like keyword may take, or None when it is not one."""
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


def opinfo_call_strategy(opinfo, device: str = "cpu"):
    """Calls of ``opinfo.op`` on mutated copies of its samples; None when it has no dtype on ``device``."""
    dtypes = cpu_dtypes(opinfo, device)
    if not dtypes:
        return None
    name = catalog.opinfo_id(opinfo)
    differentiable = set(opinfo.supported_backward_dtypes(device)) if opinfo.supports_autograd else set()

    @st.composite
    def calls(draw):
        # Structure first: which dtype and which sample; then which kinds of mutation; then their details.
        dtype = draw(st.sampled_from(dtypes))
        samples = pristine_samples(name, dtype, device)
        if not samples:  # this dtype's sample generator fails: fall back to the simplest dtype that has samples
            dtype = next((d for d in dtypes if pristine_samples(name, d, device)), dtype)
            samples = pristine_samples(name, dtype, device)
        if not samples:
            raise NoSamples(f"{name} has no sample inputs on {device}")
        index = draw(st.integers(0, len(samples) - 1))
        sample = samples[index]
        change_layouts = draw(st.booleans())
        flip_flags = draw(st.booleans())
        change_enums = draw(st.booleans())
        drop_optional = draw(st.booleans())
        grad = dtype in differentiable and draw(st.booleans())
        done = [f"sample {index}", str(dtype).replace("torch.", "")]

        replaced = {}
        if change_layouts:
            for key, t in _tensors_in((sample.input, sample.args, sample.kwargs), {}).items():
                if not _layout_can_change(t):
                    continue
                layout = draw(layouts(tuple(t.shape)))
                if layout.kind != "contiguous" or not t.is_contiguous():
                    replaced[key] = layout.apply(t)
                    done.append(f"layout {layout.kind}")
        copy = _Copier(replaced)
        input_ = copy(sample.input)
        args = list(copy(tuple(sample.args)))
        kwargs = copy(dict(sample.kwargs))

        if flip_flags:
            for i, a in enumerate(args):
                if isinstance(a, bool) and draw(st.booleans()):
                    args[i] = not a
                    done.append(f"flip arg {i + 1}")
            for k, v in kwargs.items():
                if isinstance(v, bool) and draw(st.booleans()):
                    kwargs[k] = not v
                    done.append(f"flip {k}")
        if change_enums:
            for k, v in list(kwargs.items()):
                choices = _enum_choices(k, v, input_)
                if choices:
                    kwargs[k] = draw(st.sampled_from(choices))
                    done.append(f"{k}={kwargs[k]}")
        if drop_optional:
            for k, v in list(kwargs.items()):
                if draw(st.booleans()):
                    if isinstance(v, torch.Tensor):
                        kwargs[k] = None
                        done.append(f"{k}=None")
                    else:
                        del kwargs[k]
                        done.append(f"drop {k}")
        if grad:
            _set_requires_grad(input_)
            for a in args:
                _set_requires_grad(a)
            done.append("requires_grad")
        return Call(name, opinfo.op, (input_, *args), kwargs, source="opinfo-drawn: " + ", ".join(done))

    return calls()


class NoSamples(ValueError):
    """An OpInfo whose sample generator yields nothing for any dtype on the device."""
