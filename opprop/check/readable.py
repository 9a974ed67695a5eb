"""Which tensors the checks may read, and a call's outputs as (return index, tensor) pairs.

The dispatch mode passes a call through unread when one of its tensors
stands for memory it does not hold (fake, functional, meta, symbolic sizes);
these are the tests it asks, kept apart from the hot path that calls them.
"""
from __future__ import annotations

import torch

from opprop.check import catalog

_Tensor = torch.Tensor


_READABLE_TYPES: dict = {}  # tensor type -> whether the checks read its instances


def _foreign_types() -> tuple:
    """Tensor types that stand for no memory of their own: a fake or functional tensor (tracing, compiling)."""
    from torch._subclasses.fake_tensor import FakeTensor
    from torch._subclasses.functional_tensor import FunctionalTensor

    return (FakeTensor, FunctionalTensor)


def readable(t: torch.Tensor) -> bool:
    """A tensor subclass instance the checks may read (torch.Tensor itself never comes here).

    Fake and functional tensors stand for memory they do not hold, and a
    tracer's sizes may be symbolic, where a comparison would add a guard to
    the user's trace: a call with one is passed through unread. Other
    subclasses (nn.Parameter, a user's wrapper) are checked, as the debug-build
    asserts check them. A jagged nested tensor's ragged size is a nested int,
    symbolic but no tracer's: it is read when its own buffers are (its values
    and offsets plain tensors, as outside any trace).
    """
    cls = type(t)
    known = _READABLE_TYPES.get(cls)
    if known is None:
        known = _READABLE_TYPES[cls] = not issubclass(cls, _foreign_types())
    if not known or t.is_meta:
        return False
    if not t._has_symbolic_sizes_strides:
        return True
    return cls is _jagged_type() and all(type(b) is _Tensor or (isinstance(b, _Tensor) and readable(b)) for b in _jagged_buffers(t))


def _jagged_type():
    from torch.nested._internal.nested_tensor import NestedTensor

    return NestedTensor


def _jagged_buffers(t) -> tuple:
    """A jagged nested tensor's own buffers: its values and offsets (and lengths, where it has them)."""
    return tuple(b for b in (t._values, t._offsets, getattr(t, "_lengths", None)) if b is not None)


def any_inference(inputs: list, outputs: list = ()) -> bool:
    """An inference tensor among a call's tensors (no version counter: the checks cannot read it), passed through as the
    debug-build asserts pass it (inference mode skips their kernels). Asked only after a read failed: free on the common path."""
    return any(t is not None and t.is_inference() for _, t in (*inputs, *outputs))


def flat_outputs(kind: catalog.OpKind, out) -> list | None:
    """A call's tensor outputs as (return index, tensor) pairs, or None when one is a tensor the checks may not
    read (see ``readable``): the call is then passed through unread.

    A function of its own: a loop name in the dispatch frame would hold an output's reference.
    """
    if isinstance(out, _Tensor):
        return [(0, out)] if type(out) is _Tensor or readable(out) else None
    if out is None:
        return [(0, None)] if kind.n_returns else []
    if not isinstance(out, (tuple, list)):
        return []
    found = []
    one_list = kind.n_returns == 1  # a single Tensor[] return: every element is return 0
    for j, o in enumerate(out):
        if o is None or type(o) is _Tensor:
            found.append((0 if one_list else j, o))
        elif isinstance(o, _Tensor):
            if not readable(o):
                return None
            found.append((0 if one_list else j, o))
        elif not one_list and isinstance(o, (list, tuple)):  # a Tensor[] among several returns
            for t in o:
                if isinstance(t, _Tensor) and type(t) is not _Tensor and not readable(t):
                    return None
                if t is None or isinstance(t, _Tensor):
                    found.append((j, t))
    return found
