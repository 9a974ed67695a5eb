"""What some supported torch releases lack, read another way and checked at start-up.

``Tensor.const_data_ptr`` (a data pointer that asks for no write access, so
never materializes a copy-on-write storage) is in Python from 2.13 on.
Before, the same address is the storage's read-only data address
(``torch._C._data_address``, which does not materialize either) plus the
offset in bytes, and 0 for a tensor without elements, as torch's own
``TensorImpl::data`` computes it. ``validate`` compares it with
``data_ptr`` on known cases and checks that a copy-on-write tensor stays one.
Dynamo's eval-frame hook, which dispatch frames use to keep Dynamo out, is read
here too (``set_eval_frame``, ``skip_in_dynamo``).
"""
from __future__ import annotations

import torch

_data_address = getattr(torch._C, "_data_address", None)


def _const_data_ptr_before_2_13(t: torch.Tensor) -> int:
    try:
        if t.numel() == 0:
            return 0
        return _data_address(t) + t.storage_offset() * t.element_size()
    except RuntimeError:  # a nested tensor (no single offset): never copy-on-write, so data_ptr is safe
        return t.data_ptr()


# The C method where torch has it (it runs on every checked input), otherwise the reading above.
const_data_ptr = getattr(torch.Tensor, "const_data_ptr", None) or _const_data_ptr_before_2_13


def validate(reader=None) -> None:
    """Raise RuntimeError (the probe turns it into a refusal) unless the reader agrees with data_ptr and copies nothing."""
    reader = reader or const_data_ptr
    base = torch.arange(12, dtype=torch.float64)
    cases = {
        "a fresh tensor": base,
        "a view at an offset": base[3:7],
        "a strided view": base.view(3, 4)[1:, ::2],
        "a tensor without elements": base[5:5],
        "a one-byte dtype at an offset": torch.zeros(8, dtype=torch.uint8)[3:],
        "a complex tensor at an offset": torch.zeros(4, dtype=torch.complex64)[1:],
    }
    for what, t in cases.items():
        got, want = reader(t), t.data_ptr()
        if got != want:
            raise RuntimeError(f"the read-only data pointer of {what} reads {got:#x}, data_ptr {want:#x}")
    is_cow = getattr(torch._C, "_is_cow_tensor", None)
    lazy_clone = getattr(torch, "_lazy_clone", None)
    if is_cow is not None and lazy_clone is not None:
        t = torch.zeros(4)
        lazy_clone(t)
        if is_cow(t):
            reader(t)
            if not is_cow(t):
                raise RuntimeError("reading the data pointer of a copy-on-write tensor materialized its storage")


# Dynamo's eval-frame hook, where torch has it: a dispatch frame clears the callback with it (Dynamo stays out of
# all it calls) and its code is marked for Dynamo to skip (``skip_in_dynamo``). Without them torch's own
# ``_disable_dynamo`` wrapper does it (``InvariantMode._should_skip_dynamo``).
try:
    from torch._C._dynamo import eval_frame as _eval_frame

    set_eval_frame = _eval_frame.set_eval_frame
    _SKIP_FRAME = _eval_frame._FrameExecStrategy(_eval_frame._FrameAction.SKIP, _eval_frame._FrameAction.DEFAULT)
    OWN_DYNAMO_GUARD = True
except (ImportError, AttributeError):  # a torch without them
    def set_eval_frame(callback):
        return None

    OWN_DYNAMO_GUARD = False


def skip_in_dynamo(function) -> None:
    """Mark a dispatch function's code for Dynamo to skip (only where ``OWN_DYNAMO_GUARD``)."""
    _eval_frame.set_code_exec_strategy(function.__code__, _SKIP_FRAME)
