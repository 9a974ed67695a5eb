"""Math bits: a strided tensor flagged conjugate (``x.conj()`` of a complex tensor) or negative (``torch._neg_view``).

The flag is lazy: the memory holds the plain values, and the ``Conjugate``
and ``Negative`` dispatch keys' fallback makes a resolved copy before any
kernel that has no kernel of its own for the key runs. A kernel that has one
(a fallthrough: views, ``copy_``, ``clone``, ``mm``, ``dot`` ...) sees the
flagged tensor itself, and it alone can mishandle it, so an op is offered a
kind exactly when the dispatch table gives it a kernel for that key.

A flagged tensor is described, read into a spec and rebuilt as its
unflagged view (the one part, a strided spec like any other) with the flag
set again, so findings, shrinking and expect files keep it.
"""
from __future__ import annotations

import torch

from opprop.core.tensor_kinds.dense import values
from opprop.core.tensor_kinds.registry import PartsLayout, TensorKind, has_kernel

RANK = 4  # after every other family: offered last, after the kinds with kernels of their own


def conjugated(shape, dtype=torch.complex64, device="cpu") -> torch.Tensor:
    """A conjugate-flagged tensor whose values have a nonzero imaginary part (so the flag changes them). The bit lives
    on complex tensors only: of another dtype, plain values (a draw keeps the call's dtype; its schedule row is complex)."""
    if not dtype.is_complex:
        return values(shape, dtype, device)
    return (values(shape, dtype, device) * (1 + 1j)).conj()


def negated(shape, dtype=torch.float32, device="cpu") -> torch.Tensor:
    """A negative-flagged view of ``values``: it reads as their negation."""
    return torch._neg_view(values(shape, dtype, device))


def _flag(name: str, key: str, holds, unflagged, flagged, source):
    layout = PartsLayout(
        name, torch.strided, ("unflagged",), holds,
        components=lambda t: (unflagged(t),),
        build=lambda spec, parts: flagged(parts[0]),
        source=lambda spec, parts: source(parts[0]),
        describe=lambda t: {"stride": list(t.stride()), "storage_offset": t.storage_offset(), "math_bit": name},
    )
    return layout, (lambda op_name, kernel_names: has_kernel(kernel_names, key))


CONJ, _TAKES_CONJ = _flag("conj", "Conjugate", lambda t: t.is_conj(), torch.conj, torch.conj, lambda p: f"{p}.conj()")
NEG, _TAKES_NEG = _flag("neg", "Negative", lambda t: t.is_neg() and not t.is_conj(), torch._neg_view, torch._neg_view,
                        lambda p: f"torch._neg_view({p})")

KINDS = (
    TensorKind("conj", conjugated, _TAKES_CONJ, row_dtype=torch.complex64),
    TensorKind("neg", negated, _TAKES_NEG),
)
LAYOUTS = (CONJ, NEG)
