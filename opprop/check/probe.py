"""Reads TensorImpl and StorageImpl use counts from a release build of torch.

Both readers are private torch APIs. The probe checks them against cases
whose counts are known before it is trusted, and refuses to run otherwise:
a probe that silently miscounts would make every check meaningless.

The StorageImpl count is read through a Python storage wrapper, which may
hold a reference of its own, and what it holds differs between releases.
While a name holds the wrapper it owns one reference (2.8 to 2.14). Once no
name holds it, torch keeps the wrapper alive for the StorageImpl, and on
2.8 it then gives its reference up while on later releases it keeps it.
So the reader holds the wrapper for the read and takes off what a held
wrapper adds, measured on a fresh tensor (``calibration``); the screen in
``opprop.check.mode`` reads by address without making a wrapper and is
calibrated for what a dropped wrapper adds (``calibrate_screen``). Every
reading is then checked on cases whose counts are known, with and without a
wrapper made, held or dropped.
"""
from __future__ import annotations

import warnings

import torch

from opprop.check import compat

class ProbeError(RuntimeError):
    """The use-count readers do not return the counts this torch should."""


_storage_use_count = torch._C._storage_Use_Count


def _read_through_held_wrapper(t: torch.Tensor) -> int:
    """The StorageImpl's count, read while a name holds its Python storage wrapper (and so the wrapper's reference)."""
    storage = t.untyped_storage()
    return _storage_use_count(storage._cdata)


def _read_storageimpl(t: torch.Tensor) -> int:
    return raw_storageimpl_reader(t) - _calibration["held_wrapper_refs"]


# The Python wrapper owns exactly one reference, the one the C++ kernel handed
# back, so the reading is the count the debug assert sees. The C method itself,
# not a Python function around it: it runs on every checked output.
tensorimpl_reader = torch.Tensor._use_count
raw_storageimpl_reader = _read_through_held_wrapper  # the count including the held wrapper's own references
storageimpl_reader = _read_storageimpl
validated = False  # the readers checked (validate); the mode reads it before trusting them
# What a Python storage wrapper adds to the StorageImpl's count while a name holds it, and after
# the last name let go of it (the wrapper lives on for the StorageImpl): measured by validate()
# and calibrate_screen(); None until then.
_calibration: dict = {"held_wrapper_refs": 1, "dropped_wrapper_refs": None}


def calibration() -> dict:
    """What validation measured: the references a held and a dropped storage wrapper add (None: not measured)."""
    return dict(_calibration)


# The tensor types whose memory the checks read as their own: torch.Tensor, and Parameter, which torch itself
# takes for one in C++ (THPVariable_CheckTypeExact). Model weights reach the dispatch mode as Parameters. Any
# other subclass may define its storage its own way: it is read through its components, or not at all.
PLAIN_TYPES = (torch.Tensor, torch.nn.Parameter)


def has_storage(t: torch.Tensor) -> bool:
    return t.layout == torch.strided and not t.is_nested and type(t) in PLAIN_TYPES


def tensorimpl_use_count(t) -> int:
    """TensorImpl use count; an undefined output (None) counts 0."""
    if t is None:
        return 0
    return tensorimpl_reader(t)


def storageimpl_use_count(t) -> int:
    """StorageImpl use count, less any Python storage wrapper; 0 for undefined outputs and tensors without storage."""
    if t is None or not has_storage(t):
        return 0
    return storageimpl_reader(t)


def _drop_wrapper(t: torch.Tensor) -> None:
    t.untyped_storage()  # made, and no name holds it


def _wrapper_states():
    """(how, what to do to the case's storage wrapper): each known case is read in each, since releases differ on them."""
    yield "never wrapped", lambda t: None
    yield "after its storage wrapper was dropped", _drop_wrapper
    yield "while a name holds its storage wrapper", lambda t: t.untyped_storage()


def _known_cases():
    """(description, tensor, expected TensorImpl count, expected StorageImpl count); fresh tensors each time."""
    for how, touch in _wrapper_states():
        fresh = torch.empty(3)
        keep = touch(fresh)
        yield f"a fresh tensor, {how}", fresh, 1, 1
        del keep
        base = torch.empty(4)
        view = base.view(2, 2)
        keep = touch(view)
        yield f"a view of a live base, {how}", view, 1, 2
        del keep
        base = torch.empty(6)
        other, view = base[:3], base[3:]
        keep = touch(view)
        yield f"a view of a base with another live view, {how}", view, 1, 3
        del keep, other
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = torch.quantize_per_channel(
            torch.ones(2, 2), torch.ones(2, dtype=torch.double), torch.zeros(2, dtype=torch.long), 0, torch.qint8
        )
    # The quantizer keeps the scales tensor it returns: held once from C++.
    yield "q_per_channel_scales (held by the quantizer)", q.q_per_channel_scales(), 2, 1


def _refuse(message: str) -> ProbeError:
    return ProbeError(f"{message} on torch {torch.__version__}; refusing to run")


def _calibrate_held_wrapper() -> None:
    """Measure what a held storage wrapper adds: a fresh tensor's storage has exactly one other holder."""
    try:
        raw = raw_storageimpl_reader(torch.empty(3))
    except Exception as e:  # a reader that vanished or changed signature
        raise ProbeError(f"use-count probe cannot read counts on torch {torch.__version__}: {e}") from None
    if raw - 1 not in (0, 1):
        raise _refuse(
            f"use-count probe is wrong: a fresh tensor's StorageImpl reads {raw} through its held storage wrapper, "
            f"so the wrapper would hold {raw - 1} references (one or none makes sense)"
        )
    _calibration["held_wrapper_refs"] = raw - 1


def validate(force: bool = False) -> None:
    """Calibrate, then check the readers on known cases; raise ProbeError naming the first mismatch."""
    global validated
    if validated and not force:
        return
    validated = False
    if tensorimpl_use_count(None) != 0 or storageimpl_use_count(None) != 0:
        raise ProbeError("use-count probe: an undefined tensor must count 0")
    try:
        compat.validate()  # the data pointer the snapshots read, on a release without const_data_ptr
    except Exception as e:
        raise _refuse(f"use-count probe: {e}") from None
    _calibrate_held_wrapper()
    for what, t, want_tensor, want_storage in _known_cases():
        try:
            got_tensor, got_storage = tensorimpl_use_count(t), storageimpl_use_count(t)
        except Exception as e:  # a reader that vanished or changed signature
            raise ProbeError(f"use-count probe cannot read counts on torch {torch.__version__}: {e}") from None
        if (got_tensor, got_storage) != (want_tensor, want_storage):
            raise _refuse(
                f"use-count probe is wrong: {what} reads TensorImpl={got_tensor} StorageImpl={got_storage}, "
                f"expected TensorImpl={want_tensor} StorageImpl={want_storage}"
            )
    validated = True


def calibrate_screen(read_at: callable, address_of: callable) -> int:
    """Check a StorageImpl reader that makes no storage wrapper (``read_at(address_of(t))``); return what a dropped wrapper adds.

    The screen may read more than the probe (only stricter), never less
    (it would clear a call the checks would flag). It must read exactly the
    probe's count before any wrapper exists (else every call would take the
    slow path), the probe's count plus what a held wrapper adds while one is
    held, and after a dropped wrapper the probe's count plus 0 or 1, the same
    in every case: that is what the release does with a wrapper no name holds.
    """
    validate()
    dropped = None  # what a dropped wrapper adds, from the first such case; the others must agree
    for what, t, _, want in _known_cases():
        try:
            count = read_at(address_of(t))  # first: the check below makes (and drops) a wrapper
            same = address_of(t) == t.untyped_storage()._cdata
        except Exception as e:  # a reader that vanished or changed signature
            raise ProbeError(f"screen StorageImpl reader cannot read on torch {torch.__version__}: {e}") from None
        if "dropped" in what:
            if dropped is None and count - want in (0, 1):
                dropped = count - want
            ok = same and count == want + dropped if dropped is not None else False
        elif "holds" in what:
            ok = same and count == want + _calibration["held_wrapper_refs"]
        else:
            ok = same and count == want
        if not ok:
            raise _refuse(
                f"screen StorageImpl reader is wrong: {what} reads {count} at "
                f"{'its' if same else 'another'} StorageImpl, the probe {want}"
            )
    _calibration["dropped_wrapper_refs"] = dropped
    return _calibration["dropped_wrapper_refs"]
