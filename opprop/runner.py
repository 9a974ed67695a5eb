"""Runs calls under the invariant checks and sorts what happens into findings or rejected inputs."""
from __future__ import annotations

import dataclasses

from .calls import Call
from .checkmode import InvariantMode
from .profiles import DEFAULT_SNAPSHOT


# What an op raises when it rejects its arguments: an invalid example, not a finding.
ARGUMENT_ERRORS = (RuntimeError, ValueError, TypeError, IndexError, NotImplementedError, AssertionError)


@dataclasses.dataclass
class CallResult:
    findings: list
    error: str | None  # the op's own argument error, first line
    reached: dict

    @property
    def valid(self) -> bool:
        return self.error is None


def run_call(call: Call, *, snapshot_data: str = DEFAULT_SNAPSHOT, invariants=None) -> CallResult:
    mode = InvariantMode(call.target, snapshot_data=snapshot_data, invariants=invariants)
    try:
        with mode:
            out = call()
        del out
    except ARGUMENT_ERRORS as e:
        first = (str(e).strip().splitlines() or [""])[0]
        return CallResult(mode.findings, f"{type(e).__name__}: {first[:200]}", mode.reached)
    return CallResult(mode.findings, None, mode.reached)


@dataclasses.dataclass
class OpStats:
    name: str
    examples: int = 0
    valid: int = 0
    errors: int = 0
    seconds: float = 0.0
    reached: dict = dataclasses.field(default_factory=dict)
    first_errors: dict = dataclasses.field(default_factory=dict)  # error text -> count

    def add(self, result: CallResult, seconds: float) -> None:
        self.examples += 1
        self.seconds += seconds
        if result.valid:
            self.valid += 1
        else:
            self.errors += 1
            if len(self.first_errors) < 5 or result.error in self.first_errors:
                self.first_errors[result.error] = self.first_errors.get(result.error, 0) + 1
        for k, v in result.reached.items():
            self.reached[k] = self.reached.get(k, 0) + v

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
        return total

    def as_json(self) -> dict:
        return {
            "name": self.name,
            "examples": self.examples,
            "valid": self.valid,
            "errors": self.errors,
            "seconds": round(self.seconds, 4),
            "reached": sorted(self.reached),
            "error_kinds": self.first_errors,
        }
