"""A number torch unwrapped on its way to ``__torch_dispatch__``, given back as the tensor it was.

torch hands a wrapped-number tensor (the 0-d tensor a Python number becomes in
``x * 2``) to a dispatch mode as a Python number. Called again, an op takes a
number for most Tensor arguments, but not for ``self``: a graph that
``torch.jit.trace`` made holds such constants, and its ``_local_scalar_dense``
or ``view`` of one raises under any dispatch mode where plain code runs (audit
fault d15: ``jit.trace``'s check run failed under ``checking()``). The mode calls
the op again with those numbers as 0-d tensors of the dtype a wrapped number has.
"""
from __future__ import annotations

import torch

# torch's dtype for a wrapped number of each Python type (c10::scalarTypeFromPython: double, not the default dtype)
_DTYPES = {bool: torch.bool, int: torch.int64, float: torch.float64, complex: torch.complex128}
# how the binding refuses a number for a Tensor argument (before the op runs)
_REFUSED = "Expected a value of type 'Tensor' for argument"


def as_tensors(func, args: tuple, error: RuntimeError) -> tuple | None:
    """``args`` with each number in a positional Tensor argument made a 0-d tensor, where ``error`` is the binding's
    refusal of such a number; else None (the error is the op's own)."""
    if _REFUSED not in str(error):
        return None
    schema_args = getattr(getattr(func, "_schema", None), "arguments", ())
    numbers = [i for i, (value, argument) in enumerate(zip(args, schema_args))
               if type(value) in _DTYPES and isinstance(argument.type, torch.TensorType)]
    if not numbers:
        return None
    return tuple(torch.tensor(value, dtype=_DTYPES[type(value)]) if i in numbers else value for i, value in enumerate(args))
