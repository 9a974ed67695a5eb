"""From a top-level call (an OpInfo lambda, a composite op) to the ATen-level call that breaks the invariant.

A finding usually carries its ATen call already (``Finding.call``, captured
by the checks); ``capture`` is for a top-level call in hand (a replayed draw,
a test's call): it re-runs the call under a dispatch mode that records,
before it runs, the arguments of every call of the finding's overload, then
keeps the first recorded call that breaks the invariant on its own. Repros
call the overload directly, so they stay valid whatever wrapper first reached it.
"""
from __future__ import annotations

import contextlib
import json
import os

import torch
from torch._ops import OpOverload
from torch.utils._python_dispatch import TorchDispatchMode

from opprop.check import catalog
from opprop.core.calls import Call, from_spec
from opprop.inputs.choices import ReplayError
from opprop.explore.replay import replay_call
from opprop.explore.session import Exploration
from opprop.check.runner import ARGUMENT_ERRORS, run_call
from opprop.core import child_process, quantized_engine
from opprop.core.specs import CallSpec, SpecError, describe
from opprop.explore.target import resolve

MAX_RECORDED = 32  # calls of the overload kept per top-level call
SEARCH_TIMEOUT_S = 600  # search_again's child: samples and draws, as a fresh ``opprop check`` of the op


class CaptureError(ValueError):
    """The finding could not be captured as a stand-alone ATen call."""


class CallCapture(TorchDispatchMode):
    """The calls of one ATen op that a finding's call makes, each as a CallSpec (or why it cannot be one)."""

    def __init__(self, aten_op: str):
        super().__init__()
        self.aten_op = aten_op
        self.recorded: list[CallSpec] = []
        self.unrecordable: list[str] = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if isinstance(func, OpOverload) and len(self.recorded) < MAX_RECORDED and catalog.classify(func).name == self.aten_op:
            try:
                self.recorded.append(CallSpec(self.aten_op, tuple(describe(a) for a in args), {k: describe(v) for k, v in kwargs.items()},
                                              quantized_engine.recorded()))
            except SpecError as e:
                self.unrecordable.append(str(e))
        return func(*args, **kwargs)


def failing_findings(spec: CallSpec, invariant: str) -> list:
    """The findings of ``invariant`` on the spec's own op when its call runs; [] when it passes or is rejected."""
    try:
        call = from_spec(spec)
    except (SpecError, *ARGUMENT_ERRORS):
        return []
    # A declared view runs below ADInplaceOrView, as the repro script calls it: above it, autograd may
    # reject what the kernel returned (a view that is its own base) after the checks have seen it.
    below_autograd = isinstance(call.fn, OpOverload) and catalog.classify(call.fn).view
    with torch._C._AutoDispatchBelowADInplaceOrView() if below_autograd else contextlib.nullcontext():
        result = run_call(call, invariants=[invariant])
    if result.error is not None:
        return []
    return [f for f in result.findings if f.aten_op == spec.op and f.invariant == invariant]


def reproduces(spec: CallSpec, invariant: str) -> bool:
    return bool(failing_findings(spec, invariant))


def _record(call: Call, aten_op: str) -> CallCapture:
    recorder = CallCapture(aten_op)
    try:
        with recorder:
            out = call()
        del out
    except ARGUMENT_ERRORS:
        pass  # an error after the overload ran still leaves its recorded calls
    return recorder


def recorded(call: Call, aten_op: str) -> list[CallSpec]:
    """Every call of ``aten_op`` inside ``call`` (up to ``MAX_RECORDED``), as specs read before each ran."""
    return _record(call, aten_op).recorded


def capture(call: Call, aten_op: str, invariant: str) -> CallSpec:
    """The first call of ``aten_op`` inside ``call`` that breaks ``invariant`` when run alone."""
    recorder = _record(call, aten_op)
    for spec in recorder.recorded:
        if reproduces(spec, invariant):
            return spec
    why = f" ({recorder.unrecordable[0]})" if recorder.unrecordable else ""
    raise CaptureError(
        f"{aten_op} / {invariant}: {len(recorder.recorded)} recorded call(s) of {call.target}, none breaks it alone{why}"
    )


def search_again(called_op: str, aten_op: str, invariant: str, *, device: str = "cpu", examples: int = 100, seed: int = 0,
                 isolate: bool | None = None) -> Call:
    """FALLBACK for reports written before findings carried their call and choices: search for a top-level
    call of ``called_op`` that breaks the invariant, as ``opprop check`` would (fixed samples, then draws).

    It can only find what a fresh ``check`` with this seed finds; a finding
    that keeps its ``call`` or ``replay`` never comes here. The search draws
    inputs no finding vouched for, where kernels can crash, so it runs in a
    forked child (``isolate``, default where fork exists, as shrink candidates
    do): a crash or a hang is a ``CaptureError``, never the end of the command.
    """
    try:
        target = resolve(called_op)
    except catalog.UnknownOp as e:
        raise CaptureError(str(e)) from None
    isolate = hasattr(os, "fork") if isolate is None else isolate

    def searched() -> bytes:
        """The JSON of the breaking call's replay (Hypothesis's shrunk example is the latest one), or b"" for none."""
        def breaking(findings):
            return [f for f in findings if f.aten_op == aten_op and f.invariant == invariant]

        session = Exploration(target, device=device, seed=seed, invariants=[invariant], fails=breaking, stop_at_first=True)
        session.run(samples=-1, examples=examples)
        found = [f for k, f in session.latest.items() if k[:2] == (aten_op, invariant)]
        return json.dumps(found[0].replay).encode() if found else b""

    if isolate:
        end = child_process.run(searched, timeout=SEARCH_TIMEOUT_S)  # a crash here is an answer: the CaptureError below
        if end.how:
            raise CaptureError(f"{aten_op} / {invariant}: the search for a call of {called_op} that breaks it again {end.how}")
        replay = end.output
    else:
        replay = searched()
    if not replay:
        raise CaptureError(f"{aten_op} / {invariant}: no call of {called_op} breaks it again (samples and {examples} draws, seed {seed})")
    try:
        return replay_call(json.loads(replay), device)
    except ReplayError as e:
        raise CaptureError(f"{aten_op} / {invariant}: {e}") from None
