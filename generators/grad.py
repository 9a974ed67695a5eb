"""The autograd pass of a drawn call: forward, then backward, double backward or forward-mode AD.

Real code reaches backward kernels through autograd, which calls them with
the output masks it computes from which inputs need a gradient
(``convolution_backward`` with ``[True, False, True]`` when the weight needs
none) and hands them what the forward saved. So the pass runs inside the
same call as the forward, under the same checks, differentiating a drawn
subset of the differentiable inputs: every non-empty subset when there are at
most ``ALL_SUBSETS_UP_TO`` of them, otherwise all of them or a drawn subset
(forward-mode AD: always all of them, see ``passes``).

Which tensors a pass differentiates is kept as positions among the call's
differentiable tensors (floating or complex, in order of appearance), so a
``Pass`` applies to fresh copies of the same sample as well.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Callable

import torch
import torch.autograd.forward_ad as fwAD
from hypothesis import strategies as st

EDGE_FAMILY = False  # inputs for module / autograd targets, not an edge-generator family (generators.registry)
NONE = "none"
BACKWARD = "backward"  # torch.autograd.grad of the sum of the outputs
GRADGRAD = "gradgrad"  # backward with create_graph, then the backward of the gradients
JVP = "jvp"  # forward-mode AD: dual inputs, the outputs' tangents read
ALL_SUBSETS_UP_TO = 3


def modes(opinfo) -> tuple:
    """The passes an OpInfo supports, simplest first (none when it has no autograd)."""
    if not opinfo.supports_autograd:
        return ()
    found = [BACKWARD]
    if opinfo.supports_gradgrad:
        found.append(GRADGRAD)
    if opinfo.supports_forward_ad:
        found.append(JVP)
    return tuple(found)


def backward_dtypes(opinfo, device: str) -> set:
    return set(opinfo.supported_backward_dtypes(device)) if opinfo.supports_autograd else set()


def collect_tensors(value, path: str, found: dict) -> dict:
    """Distinct tensors (by identity) in a nest, each with the path first naming it."""
    if isinstance(value, torch.Tensor):
        found.setdefault(id(value), (value, path))
    elif isinstance(value, (list, tuple)) and not isinstance(value, torch.Size):
        for i, v in enumerate(value):
            collect_tensors(v, f"{path}[{i}]", found)
    elif isinstance(value, dict):
        for k, v in value.items():
            collect_tensors(v, f"{path}.{k}" if path else k, found)
    return found


def _differentiable_with_paths(input_, args, kwargs) -> list:
    found: dict = {}
    collect_tensors(input_, "input", found)
    for i, a in enumerate(args):
        collect_tensors(a, f"arg {i + 1}", found)
    for k, v in kwargs.items():
        collect_tensors(v, k, found)
    return [(t, p) for t, p in found.values() if t.is_floating_point() or t.is_complex()]


def differentiable(sample) -> list:
    """The sample's floating and complex tensors, in order: the tensors a pass may differentiate."""
    return [t for t, _ in _differentiable_with_paths(sample.input, sample.args, sample.kwargs)]


def labels(sample) -> list[str]:
    """How a finding's description names each differentiable tensor (``input``, ``arg 2``, ``weight``)."""
    return [p for _, p in _differentiable_with_paths(sample.input, sample.args, sample.kwargs)]


def mark(call_parts, mode: str, wrt) -> None:
    """Set ``requires_grad`` on the tensors a backward pass differentiates (fresh leaves of one example)."""
    if mode not in (BACKWARD, GRADGRAD):
        return
    input_, args, kwargs = call_parts
    tensors = [t for t, _ in _differentiable_with_paths(input_, args, kwargs)]
    for i in wrt:
        if i < len(tensors) and tensors[i].is_leaf:
            tensors[i].requires_grad_(True)


def passes(available, count: int):
    """(mode, positions) draws that shrink to no pass, then to differentiating every input."""
    if not available or not count:
        return st.just((NONE, ()))
    everything = tuple(range(count))
    if count <= ALL_SUBSETS_UP_TO:
        subsets = sorted((s for r in range(1, count + 1) for s in itertools.combinations(everything, r)), key=lambda s: (-len(s), s))
        wrt = st.sampled_from(subsets)
    else:
        wrt = st.booleans().flatmap(
            lambda some: st.lists(st.booleans(), min_size=count, max_size=count).map(
                lambda flags: tuple(i for i, f in enumerate(flags) if f) or everything
            ) if some else st.just(everything)
        )
    # Forward AD always over every input: an input without a tangent gets a ZeroTensor one, and kernels given a
    # ZeroTensor under any TorchDispatchMode segfault (torch 2.13: addmv's jvp wrt mat and vec, mul.Scalar on the
    # input's zero tangent), which would take the checks down with them.
    return st.booleans().flatmap(
        lambda on: st.sampled_from(list(available)).flatmap(lambda m: st.tuples(st.just(m), st.just(everything) if m == JVP else wrt))
        if on else st.just((NONE, ()))
    )


def _outputs(out) -> list:
    return [t for t, _ in collect_tensors(out, "", {}).values() if t.is_floating_point() or t.is_complex()]


def _vjp(outputs, inputs, *, create_graph: bool = False):
    """The gradients of the sum of ``outputs`` (those needing one) with respect to ``inputs``, or None.

    The sum's gradient is given as ``grad_outputs`` of ones rather than built
    from a ``sum()``, which some dtypes lack a kernel for (ComplexHalf).
    """
    needing = [t for t in outputs if t.requires_grad]
    if not needing or not inputs:  # no output depends on the inputs differentiably: nothing to run backward
        return None
    ones = [torch.ones_like(t) for t in needing]
    return torch.autograd.grad(needing, inputs, grad_outputs=ones, allow_unused=True, create_graph=create_graph)


def backward(out, inputs, *, twice: bool) -> None:
    grads = _vjp(_outputs(out), inputs, create_graph=twice)
    if twice and grads is not None:
        _vjp([g for g in grads if g is not None], inputs)


def _replaced(value, duals: dict):
    if isinstance(value, torch.Tensor):
        return duals.get(id(value), value)
    if isinstance(value, tuple) and not isinstance(value, torch.Size):
        items = [_replaced(v, duals) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    if isinstance(value, list):
        return [_replaced(v, duals) for v in value]
    if isinstance(value, dict):
        return {k: _replaced(v, duals) for k, v in value.items()}
    return value


@dataclasses.dataclass(frozen=True)
class Pass:
    """``op`` on the call's arguments, then the autograd pass ``mode`` over the tensors at ``wrt``."""

    op: Callable
    mode: str = NONE
    wrt: tuple = ()

    def __call__(self, *args, **kwargs):
        if self.mode == NONE:
            return self.op(*args, **kwargs)
        tensors = [t for t, _ in _differentiable_with_paths(args[0] if args else None, args[1:], kwargs)]
        chosen = [tensors[i] for i in self.wrt if i < len(tensors)]
        if self.mode == JVP:
            with fwAD.dual_level():
                duals = {id(t): fwAD.make_dual(t, torch.ones_like(t)) for t in chosen}
                out = self.op(*_replaced(args, duals), **_replaced(kwargs, duals))
                for t in _outputs(out):
                    fwAD.unpack_dual(t).tangent
                return out
        out = self.op(*args, **kwargs)
        backward(out, [t for t in chosen if t.requires_grad], twice=self.mode == GRADGRAD)
        return out

    def __repr__(self) -> str:
        name = getattr(self.op, "__name__", repr(self.op))
        return name if self.mode == NONE else f"{name} + {self.mode} wrt {list(self.wrt)}"
