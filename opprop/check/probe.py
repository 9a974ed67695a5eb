"""Reads TensorImpl and StorageImpl use counts from a release build of torch.

Both readers are private torch APIs. The probe checks them against cases
whose counts are known before it is trusted, and refuses to run otherwise:
a probe that silently miscounts would make every check meaningless.
"""
from __future__ import annotations

import warnings

import torch


class ProbeError(RuntimeError):
    """The use-count readers do not return the counts this torch should."""


def _read_storageimpl(t: torch.Tensor) -> int:
    # untyped_storage() makes (or finds) the Python storage wrapper, which owns
    # one reference of its own: take it off.
    return torch._C._storage_Use_Count(t.untyped_storage()._cdata) - 1


# The Python wrapper owns exactly one reference, the one the C++ kernel handed
# back, so the reading is the count the debug assert sees. The C method itself,
# not a Python function around it: it runs on every checked output.
tensorimpl_reader = torch.Tensor._use_count
storageimpl_reader = _read_storageimpl
_validated = False


def has_storage(t: torch.Tensor) -> bool:
    return t.layout == torch.strided and not t.is_nested and type(t) is torch.Tensor


def tensorimpl_use_count(t) -> int:
    """TensorImpl use count; an undefined output (None) counts 0."""
    if t is None:
        return 0
    return tensorimpl_reader(t)


def storageimpl_use_count(t) -> int:
    """StorageImpl use count; 0 for undefined outputs and tensors without storage."""
    if t is None or not has_storage(t):
        return 0
    return storageimpl_reader(t)


def _known_cases():
    """(description, tensor, expected TensorImpl count, expected StorageImpl count)."""
    fresh = torch.empty(3)
    yield "a fresh tensor", fresh, 1, 1
    base = torch.empty(4)
    view = base.view(2, 2)
    yield "a view of a live base", view, 1, 2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = torch.quantize_per_channel(
            torch.ones(2, 2), torch.ones(2, dtype=torch.double), torch.zeros(2, dtype=torch.long), 0, torch.qint8
        )
    # The quantizer keeps the scales tensor it returns: held once from C++.
    yield "q_per_channel_scales (held by the quantizer)", q.q_per_channel_scales(), 2, 1


def validate(force: bool = False) -> None:
    """Check the readers on known cases; raise ProbeError naming the first mismatch."""
    global _validated
    if _validated and not force:
        return
    if tensorimpl_use_count(None) != 0 or storageimpl_use_count(None) != 0:
        raise ProbeError("use-count probe: an undefined tensor must count 0")
    for what, t, want_tensor, want_storage in _known_cases():
        try:
            got_tensor, got_storage = tensorimpl_use_count(t), storageimpl_use_count(t)
        except Exception as e:  # a reader that vanished or changed signature
            raise ProbeError(f"use-count probe cannot read counts on torch {torch.__version__}: {e}") from None
        if (got_tensor, got_storage) != (want_tensor, want_storage):
            raise ProbeError(
                f"use-count probe is wrong on torch {torch.__version__}: {what} reads "
                f"TensorImpl={got_tensor} StorageImpl={got_storage}, expected "
                f"TensorImpl={want_tensor} StorageImpl={want_storage}; refusing to run"
            )
    _validated = True
