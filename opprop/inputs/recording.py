"""Recording real calls into a corpus: a hook in front of the checking mode's dispatch, on only when asked.

``Recording`` is mixed into a mode class (``checking(record=DIR)`` uses it), so a mode that does not
record pays nothing. A recording mode first asks, per call, whether the overload is already at its
bound (a set lookup); otherwise it reads the call's input signature (what repeats are counted by)
and, for a signature not yet kept, describes the arguments before the call runs (so an in-place
write does not leak in) and appends them to its file. The op then runs through the checks unchanged;
a failure of the recording itself is an internal error record, never the user's.
"""
from __future__ import annotations

import torch
from torch._ops import OpOverload

from opprop.check import catalog
from opprop.check.findings import call_signature
from opprop.check.compat import OWN_DYNAMO_GUARD, set_eval_frame as _set_eval_frame, skip_in_dynamo
from opprop.check.readable import readable
from opprop.core.specs import SpecError
from opprop.inputs import corpus

_Tensor = torch.Tensor


class CorpusRecorder:
    """Which calls to keep, and the file they go to."""

    def __init__(self, directory, max_per_op: int = corpus.MAX_PER_OP):
        self.writer = corpus.Writer(directory, max_per_op)
        self.done: dict = {}  # id(func) -> func: overloads at their bound, or not overloads (kept alive: ids stay theirs)
        self.names: dict = {}  # id(func) -> (func, qualified name)
        self.seen: set = set()  # (id(func), input signature) already handled: a repeat costs the signature and a lookup
        self.unrecordable = 0  # calls with an argument opprop cannot rebuild (a fake tensor, off CPU): not kept

    def observe(self, func, args, kwargs) -> None:
        if id(func) in self.done:
            return
        entry = self.names.get(id(func))
        if entry is None:
            if not isinstance(func, OpOverload):
                self.done[id(func)] = func
                return
            entry = self.names[id(func)] = (func, catalog.qualified_name(func))
            if self.writer.full(entry[1]):  # at its bound in DIR already (an earlier run)
                self.done[id(func)] = func
                return
        name = entry[1]
        try:  # the cheap key of a repeat; a tensor without strides (sparse) takes the full signature
            key = (id(func), _quick_key(args, kwargs))
            if key in self.seen:
                return
        except _Unreadable:
            self.unrecordable += 1
            return
        except (RuntimeError, TypeError):
            key = None
        inputs = []
        for position, value in enumerate((*args, *kwargs.values())):
            if isinstance(value, _Tensor):
                inputs.append((position, value))
            elif isinstance(value, (list, tuple)):
                inputs.extend((position, v) for v in value if isinstance(v, _Tensor))
        if any(t.is_meta or t.device.type != "cpu" or type(t) is not _Tensor and not readable(t) for _, t in inputs):
            self.unrecordable += 1
            return
        signature = call_signature(inputs, args, kwargs)
        if type(signature) is object:  # a call it cannot read: not kept (and not remembered)
            self.unrecordable += 1
            return
        if key is None:
            key = (id(func), signature)
            if key in self.seen:
                return
        self.seen.add(key)
        digest = corpus.signature_digest(signature)
        if digest is None or not self.writer.wants(name, digest):
            return
        try:
            spec = corpus.call_spec(name, args, kwargs)
        except SpecError:
            self.unrecordable += 1
            return
        self.writer.add(name, digest, spec)
        if self.writer.full(name):
            self.done[id(func)] = func


class _Unreadable(Exception):
    """A traced or fake tensor: its sizes are never read (a symbolic size compared would add a guard to a trace)."""


def _quick_key(args, kwargs) -> tuple:
    """What tells a repeated call apart, read as cheaply as possible: at least what ``call_signature`` reads
    (dtype, shape, strides, offset, which earlier argument a tensor is, the other values), so a call it
    calls a repeat has the same signature; only a call with a new key pays for the signature's digest."""
    ids: dict = {}
    return tuple(_part(v, ids) for v in args), tuple((k, _part(v, ids)) for k, v in kwargs.items())


def _part(value, ids: dict):
    if isinstance(value, _Tensor):
        if type(value) is not _Tensor and not readable(value):
            raise _Unreadable
        return value.dtype, value.shape, value.stride(), value.storage_offset(), ids.setdefault(id(value), len(ids))
    if isinstance(value, (list, tuple)):
        return tuple(_part(v, ids) for v in value)
    return value


class Recording:
    """Mixed in before a checking mode: records each call, then hands it to the mode's own dispatch."""

    recorder: CorpusRecorder

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        prior = _set_eval_frame(None)  # as the mode's own frame: Dynamo stays out of what recording calls
        try:
            self.recorder.observe(func, args, kwargs or {})
        except Exception:
            self._internal(func, "record")
        finally:
            _set_eval_frame(prior)
        return super().__torch_dispatch__(func, types, args, kwargs)


if OWN_DYNAMO_GUARD:
    skip_in_dynamo(Recording.__torch_dispatch__)
