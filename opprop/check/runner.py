"""Runs calls under the invariant checks and sorts what happens into findings or rejected inputs."""
from __future__ import annotations

import dataclasses
import re

from opprop.core.calls import Call, from_schema_alone
from opprop.core.opnames import overload_from_name
from opprop.check import outer
from opprop.core.outcomes import OutcomeKind, says_bug
from opprop.check.engines import engine
from opprop.check.mode import InvariantMode
from opprop.check.findings import Finding, describe_arguments
from opprop.check.snapshots import DEFAULT_SNAPSHOT

# What an op raises when it rejects its arguments: an invalid example, not a finding.
ARGUMENT_ERRORS = (RuntimeError, ValueError, TypeError, IndexError, NotImplementedError, AssertionError)
# ... except what ``says_bug``: PyTorch's own words for a bug (TORCH_INTERNAL_ASSERT), whatever the input.
# Distinct rejection messages counted per op (the rest only in ``errors``): enough to rank the most frequent.
ERROR_KINDS_KEPT = 20


def internal_assert(call: Call, error: BaseException, raised_in=None) -> Finding | None:
    """The ``internal_assert`` finding an error is, or None.

    Keyed by the overload that raised it: the call's own, else, for a call
    that is not one overload (an OpInfo's function, a composite's
    decomposition), the overload the mode saw raise this very error
    (``raised_in``: (overload, its error's text)); else the call's target.

    ``detail["private"]``: a schema draw or crossing call of a private overload (leading
    underscore), whose callers are trusted to check its preconditions, so
    its asserts are reported apart from public entry points' (OpInfo
    samples, edge generators, user code, public overloads).
    """
    if not says_bug(error):
        return None
    schema = getattr(call.fn, "_schema", None)
    names = [a.name for a in schema.arguments] if schema is not None else []
    aten_op = call.target
    if schema is None and raised_in is not None and raised_in[1] == str(error):
        schema = getattr(raised_in[0], "_schema", None)
    if schema is not None:
        aten_op = schema.name + (f".{schema.overload_name}" if schema.overload_name else "")
    private = from_schema_alone(call.source) and aten_op.split("::")[-1].startswith("_")
    first = (str(error).strip().splitlines() or [""])[0]
    return Finding(aten_op, call.target, OutcomeKind.INTERNAL_ASSERT, None, {"error": first[:300], "private": private},
                   describe_arguments(names, call.args, call.kwargs))


@dataclasses.dataclass
class CallResult:
    findings: list
    error: str | None  # the op's own argument error, first line
    reached: dict
    internal_errors: list = dataclasses.field(default_factory=list)  # opprop failed to check a call (InternalError)

    @property
    def valid(self) -> bool:
        return self.error is None


class _NativeCall:
    """The native engine around one call, read as InvariantMode is read: findings (the call's own arguments described
    where the finding is its op's), reached (calls per overload, counted in C++), internal_errors (the block's records),
    and raised_in (the overload whose call raised last, and its message: an internal assert's key)."""

    def __init__(self, call: Call, invariants):
        from opprop.check import native_engine  # (built on first use, only when asked for)

        self.call, self.invariants = call, invariants
        self.block = native_engine.NativeChecks(call.target, count_reached=True)
        self.findings: list = []
        self.internal_errors: list = []
        self.reached: dict = {}
        self.raised_in = None

    def __enter__(self) -> "_NativeCall":
        self.block.__enter__()
        return self

    def __exit__(self, *exc) -> bool:
        self.block.__exit__(*exc)
        if self.block.raised_in is not None:  # the exception leaving the block is that op's when its first line is in
            name, message = self.block.raised_in  # the C++ message (a Python kernel's comes wrapped: "RuntimeError: ...")
            error = str(exc[1]) if exc[1] is not None else ""
            self.raised_in = (overload_from_name(name), error if error and error.splitlines()[0] in message else message)
        schema = getattr(self.call.fn, "_schema", None)
        own = schema.name + (f".{schema.overload_name}" if schema.overload_name else "") if schema is not None else None
        for f in self.block.findings:
            if self.invariants is not None and f.invariant not in self.invariants:
                continue
            if f.aten_op == own and not f.inputs:
                f.inputs = describe_arguments([a.name for a in schema.arguments], self.call.args, self.call.kwargs)
            self.findings.append(f)
        self.internal_errors = self.block.records()
        self.reached = self.block.reached
        return False


def run_call(call: Call, *, snapshot_data: str = DEFAULT_SNAPSHOT, invariants=None) -> CallResult:
    """The call under the dispatch mode (or the native engine, as ``engines.engine()`` says); a CompositeImplicitAutograd
    overload's also under its outer contract."""
    if engine() == "native":
        mode = _NativeCall(call, invariants)
    else:
        mode = InvariantMode(call.target, snapshot_data=snapshot_data, invariants=invariants)
    whole = outer.start(call, snapshot_data=snapshot_data, invariants=invariants)
    try:
        with mode:
            out = call()
        if whole is not None:
            mode.findings += whole.finish(out)
            mode.internal_errors = [*mode.internal_errors, *whole.internal_errors]
        del out
    except ARGUMENT_ERRORS as e:
        first = (str(e).strip().splitlines() or [""])[0]
        bug = internal_assert(call, e, mode.raised_in)
        if bug is not None:  # a finding, never a rejected input: a private overload's is reported apart, not refused
            return CallResult([*mode.findings, bug], None, mode.reached, list(mode.internal_errors))
        error = f"{type(e).__name__}: {first[:200]}"
        return CallResult(mode.findings, error, mode.reached, list(mode.internal_errors))
    return CallResult(mode.findings, None, mode.reached, list(mode.internal_errors))


@dataclasses.dataclass
class OpStats:
    name: str
    examples: int = 0
    valid: int = 0
    errors: int = 0
    seconds: float = 0.0
    reached: dict = dataclasses.field(default_factory=dict)
    first_errors: dict = dataclasses.field(default_factory=dict)  # error text -> count
    internal_errors: dict = dataclasses.field(default_factory=dict)  # opprop's own failure, one line -> count
    # behaviour -> the examples that showed it: each overload reached, each kind of error (numbers blanked), each
    # finding. Those shown once estimate how likely the next example is to show something new (``discovery``).
    behaviours: dict = dataclasses.field(default_factory=dict)

    def add(self, result: CallResult, seconds: float) -> None:
        self.examples += 1
        self.seconds += seconds
        shown = {f"reached {k}" for k in result.reached} | {f"finding {f.aten_op} {f.invariant}" for f in result.findings}
        if result.error is not None:
            shown.add("error " + re.sub(r"\d+", "N", result.error))
        for behaviour in shown:
            self.behaviours[behaviour] = self.behaviours.get(behaviour, 0) + 1
        if result.valid:
            self.valid += 1
        else:
            self.errors += 1
            if len(self.first_errors) < ERROR_KINDS_KEPT or result.error in self.first_errors:
                self.first_errors[result.error] = self.first_errors.get(result.error, 0) + 1
        for k, v in result.reached.items():
            self.reached[k] = self.reached.get(k, 0) + v
        for e in result.internal_errors:
            line = f"{e.aten_op} ({e.stage}): {e.error}"
            self.internal_errors[line] = self.internal_errors.get(line, 0) + 1

    @classmethod
    def merged(cls, name: str, *parts: "OpStats") -> "OpStats":
        total = cls(name)
        for part in parts:
            total.examples += part.examples
            total.valid += part.valid
            total.errors += part.errors
            total.seconds += part.seconds
            for k, v in part.reached.items():
                total.reached[k] = total.reached.get(k, 0) + v
            for k, v in part.first_errors.items():
                total.first_errors[k] = total.first_errors.get(k, 0) + v
            for k, v in part.internal_errors.items():
                total.internal_errors[k] = total.internal_errors.get(k, 0) + v
            for k, v in part.behaviours.items():
                total.behaviours[k] = total.behaviours.get(k, 0) + v
        return total

    @property
    def discovery(self) -> float:
        """The Good-Turing estimate of the chance that one more example shows a behaviour none showed yet: the
        behaviours shown by one example only, over the examples (what a sweep gives more time to, fuzz.energy)."""
        return sum(1 for n in self.behaviours.values() if n == 1) / self.examples if self.examples else 0.0

    def as_json(self) -> dict:
        return {
            "name": self.name,
            "examples": self.examples,
            "valid": self.valid,
            "errors": self.errors,
            "seconds": round(self.seconds, 4),
            "reached": sorted(self.reached),
            "error_kinds": self.first_errors,
            "internal_errors": self.internal_errors,
            "behaviours": len(self.behaviours),
            "discovery": round(self.discovery, 4),
        }
