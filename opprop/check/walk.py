"""The one walk over a call's tensor arguments: (schema position, tensor) pairs, as every check reads a call.

The dispatch mode's Python path, the outer contract and the tests read a
call's inputs through ``tensor_arguments``; the compiled walk (``walk`` in
hot_path.cpp) is held to it call by call (tests/test_hot_path.py).
"""
from __future__ import annotations

import torch

from opprop.check.readable import readable

_Tensor = torch.Tensor


class Unread(Exception):
    """A call with a tensor the checks do not read (see ``readable.readable``): it runs untouched."""


def tensor_arguments(kind, args: tuple, kwargs: dict) -> list:
    """The call's tensors at their schema positions (``kind.tensor_args``), positional or keyword, lists flattened.

    A ``Tensor[]`` argument gives one pair per tensor, all at its position;
    a ``Tensor?`` that is None gives none. Raises ``Unread`` at the first
    tensor subclass instance the checks may not read (fake, functional, meta,
    symbolic sizes): the caller then leaves the call unchecked. A list, not
    a generator: the dispatch mode pays for this on every call it walks.
    """
    inputs = []
    n_args = len(args)
    for i in kind.tensor_args:
        value = args[i] if i < n_args else kwargs.get(kind.arg_names[i])
        if type(value) is _Tensor:
            inputs.append((i, value))
        elif isinstance(value, _Tensor):
            inputs.append((i, value))
            if not readable(value):
                raise Unread
        elif isinstance(value, (list, tuple)):
            for v in value:
                if isinstance(v, _Tensor):
                    inputs.append((i, v))
                    if type(v) is not _Tensor and not readable(v):
                        raise Unread
    return inputs
