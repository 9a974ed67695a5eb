"""Proof by re-registration: a proposed fix's copy of the op, run on the finding's call and its neighbours under the checks.

Verified: on every call the original breaks the invariant on, the copy
shows no finding of it, and no invariant fires on the copy that did not on
the original (the fix made no new violation); and on the grown calls
(``grown``: the call with larger tensors, the op's own samples and draws),
whether the original breaks it there or not, the copy shows no finding the
original does not. Refuted: one did; ``why`` names it and the call.
Unverifiable: no call could be run (the copy cannot be registered, or the
original rejects every call).
"""
from __future__ import annotations

import contextlib
import dataclasses

import torch

from opprop.check import catalog
from opprop.check.runner import ARGUMENT_ERRORS, run_call
from opprop.core import calls
from opprop.core.specs import CallSpec, SpecError, TensorSpec
from opprop.reduce import shrink
from opprop.reduce.fixes import scratch

NEIGHBOURS = 4  # one-step simplifications of the call replayed beside it


@dataclasses.dataclass(frozen=True)
class Verdict:
    verdict: str  # "verified" | "refuted" | "unverifiable"
    why: str = ""  # refuted: the finding that remains; unverifiable: what stopped the proof
    calls: int = 0  # calls the copy was checked on
    remaining: dict | None = None  # refuted by the same invariant: that finding's detail (another argument, say)
    grown: int = 0  # grown calls the copy ran like the original on
    remaining_output: int | None = None  # refuted by the same invariant: the output it names


def findings_on(op, spec: CallSpec) -> list | None:
    """Every finding on ``op`` itself when the spec's call runs against it; None when the call is rejected."""
    name = catalog.qualified_name(op)
    try:  # its packed weights built, and its call made, under the engine it was found under (calls.from_spec)
        call = dataclasses.replace(calls.from_spec(spec, fn=op), target=name)
    except (SpecError, *ARGUMENT_ERRORS):
        return None
    # below ADInplaceOrView, as the repro script calls a declared view (capture.failing_findings says why)
    below = catalog.classify(op).view or catalog.classify(spec.overload).view
    with torch._C._AutoDispatchBelowADInplaceOrView() if below else contextlib.nullcontext():
        result = run_call(call)
    if result.error is not None:
        return None
    return [f for f in result.findings if f.aten_op == name]


def neighbours(spec: CallSpec, limit: int = NEIGHBOURS) -> list:
    found = []
    for candidate in shrink.candidates(spec):
        if len(found) >= limit:  # checked first: a limit of 0 is no neighbour at all
            break
        if candidate != spec and candidate not in found:
            found.append(candidate)
    return found


def _same(finding, invariant: str, contract: str | None) -> bool:
    return finding.invariant == invariant and (contract is None or finding.detail.get("contract") == contract)


def verify(original, schema: str, change: str, targets, invariant: str, specs, *, contract: str | None = None, grown=()) -> Verdict:
    """The copy with ``schema`` and kernel ``change`` against the original on each spec (the first is the finding's own
    call), then on each of ``grown`` (calls that need not break it)."""
    if change not in scratch.KERNEL_CHANGES:
        return Verdict("unverifiable", f"no wrapper kernel does what it says ({change}): only the kernel's own change proves it")
    try:
        copy = scratch.register(original, schema, change=change, targets=frozenset(targets))
    except (RuntimeError, ValueError) as e:
        return Verdict("unverifiable", f"the copy cannot be registered: {str(e).splitlines()[0][:200]}")
    ran = 0
    for spec in specs:
        base = findings_on(original, spec)
        if base is None or not any(_same(f, invariant, contract) for f in base):
            continue  # a call the original does not break this way proves nothing
        mine = findings_on(copy, spec)
        if mine is None:  # a tensor subclass that knows no scratch op (a jagged nested tensor), say
            return Verdict("unverifiable", "the copy cannot run a call the original accepts (its inputs dispatch to a kernel that knows only the original)")
        ran += 1
        refuted = _refuted(base, mine, invariant, contract, copy, "", ran)
        if refuted is not None:
            return refuted
    if not ran:
        return Verdict("unverifiable", "no call breaks it on this torch (the captured call and its neighbours all pass or are rejected)")
    more = 0
    for spec in grown:
        base = findings_on(original, spec)
        mine = findings_on(copy, spec) if base is not None else None
        if mine is None:
            continue  # rejected by the original, or a call only the original's kernels take: proves nothing
        more += 1
        refuted = _refuted(base, mine, invariant, contract, copy, f" on a grown call {short(spec)}", ran, more)
        if refuted is not None:
            return refuted
    return Verdict("verified", "", ran, grown=more)


def _refuted(base, mine, invariant, contract, copy, where: str, ran: int, more: int = 0) -> Verdict | None:
    """The copy's findings on one call against the original's: the fixed finding still there, or one the original lacks."""
    same = [f for f in mine if _same(f, invariant, contract)]
    if same:
        return Verdict("refuted", f"the same finding remains{where}: {_shown(same[0], copy)}", ran, same[0].detail, more, same[0].output_index)
    before = {f.invariant for f in base}
    new = [f for f in mine if f.invariant not in before]
    if new:
        return Verdict("refuted", f"a new finding{where}: {_shown(new[0], copy)}", ran, grown=more)
    return None


def short(spec: CallSpec) -> str:
    """``op(float32[3, 4, 2], 2)``: a call in one short line (tensors as dtype and shape)."""
    def one(v):
        if isinstance(v, TensorSpec):
            kind = f"[{v.quant[0]}]" if v.quant else f"[{v.layout}]" if v.layout != "strided" else ""
            return f"{v.quant[1] if v.quant else v.dtype}[{', '.join(map(str, v.shape))}]{kind}"
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(one(x) for x in v) + "]"
        return repr(v)

    args = [one(a) for a in spec.args] + [f"{k}={one(v)}" for k, v in spec.kwargs.items()]
    return f"({', '.join(args)})"


def _shown(finding, copy) -> str:
    where = "" if finding.output_index is None else f" output {finding.output_index}"
    detail = ", ".join(f"{k}={v}" for k, v in finding.detail.items() if k != "checked_at")
    return f"{finding.invariant}{where} ({detail})"
