"""A collective's Work, completed before the checks read its call, where its group has one rank.

A ``c10d::`` collective returns a Work while gloo's worker thread may still
be writing its tensors, or may yet refuse them: a shape gloo checks on that
thread raises from the Work, not from the call. Read at once, a write is
seen or not as the thread's timing falls (``_allgather_base_``'s write to
its output landed first in about 3 calls of 4, ``_reduce_scatter_base_``'s
never), and a call gloo refuses looks valid: the shrinker kept such calls,
and their repros, which wait for the Work, failed ("output with shape [1]
doesn't match the broadcast shape [1, 0]").

On a group of one rank (opprop's one-process group, ``core.process_group``,
or a user's) the Work waits for no peer, so the mode completes it before the
checks read, and an error it raises is the call's own: an invalid call. On
a larger group waiting could reorder the ranks' communication (a receive a
peer posts later), so the checks read when the call returns: a write the
Work has not made yet is not seen, a finding missed, never one made up.
"""
from __future__ import annotations

import functools

import torch

from opprop.core.opnames import overload_from_name
from opprop.core.process_group import GROUP_CLASS, WORK_CLASS


def returns_work(schema) -> bool:
    """Whether an overload returns a c10d Work: a collective whose writes may land after it returns."""
    return any(str(r.type) == WORK_CLASS for r in schema.returns)


@functools.lru_cache(maxsize=None)
def _positions(func) -> tuple:
    """(position and name of the ProcessGroup argument or None, index of the Work return, number of returns)."""
    schema = func._schema
    group = next(((i, a.name) for i, a in enumerate(schema.arguments) if str(a.type) == GROUP_CLASS), None)
    work = next(j for j, r in enumerate(schema.returns) if str(r.type) == WORK_CLASS)
    return group, work, len(schema.returns)


def to_complete(func, args: tuple, kwargs: dict, out):
    """The call's Work, to wait for before the checks read, where the call's group has one rank; else None."""
    group, work, n_returns = _positions(func)
    if group is None:
        return None
    position, name = group
    value = args[position] if position < len(args) else kwargs.get(name)
    if not isinstance(value, torch.ScriptObject):
        return None
    from torch._C import _distributed_c10d as c10d

    if c10d.ProcessGroup.unbox(value).size() != 1:
        return None
    pending = out if n_returns == 1 else out[work]
    return pending if isinstance(pending, torch.ScriptObject) else None


@functools.lru_cache(maxsize=None)
def _collective(name: str):
    """The overload of that name when it returns a Work, else None."""
    func = overload_from_name(name)
    return func if func is not None and returns_work(func._schema) else None


def for_native_engine(name: str, args: tuple, kwargs: dict, out):
    """``to_complete`` asked by name: the native engine asks it after every call whose schema returns a script object
    (dispatch_hook_python.h), so both engines wait for the same Works; None for any other call."""
    func = _collective(name)
    return None if func is None else to_complete(func, args, kwargs, out)
