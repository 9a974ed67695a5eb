"""How one run of a crashing call ended (a signal, an internal assert, an error, it returned), and which runs match.

A candidate input counts only if its child dies the same way (same signal,
or the same internal-assert condition and source line) in the same op. An
``internal_assert`` finding (a RuntimeError saying INTERNAL ASSERT FAILED)
is handled like a crash: its "signal" is the assert's condition and location.
"""
from __future__ import annotations

import dataclasses
import signal

from opprop.core.child_process import TIMED_OUT, run_script
from opprop.core.outcomes import ASSERT_MARK, OutcomeKind

SIGNAL_WORDS = {
    "SIGSEGV": "segmentation fault",
    "SIGFPE": "floating-point exception",
    "SIGABRT": "abort",
    "SIGBUS": "bus error",
    "SIGILL": "illegal instruction",
}


def assert_key(message: str) -> str:
    """``cond INTERNAL ASSERT FAILED at "file":line``: what stays the same while the input shrinks."""
    line = next((x for x in message.splitlines() if ASSERT_MARK in x), message.strip().splitlines()[0] if message.strip() else "")
    head = line.split(", please report a bug", 1)[0]
    if head.startswith("RuntimeError: "):
        head = head[len("RuntimeError: "):]
    return " ".join(head.split())[:300]


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How one run of a call ended, and in which ATen op."""

    kind: str  # "signal" | "assert" | "error" | "returned" | "timeout" | "exit"
    what: str = ""  # "SIGSEGV"; the assert's key; "RuntimeError: ..."; "exit code 3"
    op: str = ""  # the ATen op entered last ("" when none was)

    @property
    def crashes(self) -> bool:
        return self.kind in ("signal", "assert")

    @property
    def finding_kind(self) -> OutcomeKind:
        """The invariant a finding of this outcome records: internal_assert for an assert, crash for a signal."""
        return OutcomeKind.INTERNAL_ASSERT if self.kind == "assert" else OutcomeKind.CRASH

    def same(self, other: "Outcome") -> bool:
        return (self.kind, self.what, self.op) == (other.kind, other.what, other.op)

    def expected_text(self) -> str:
        """What an expect file's EXPECTED block records (the op is not in it: the script runs no dispatch mode)."""
        if self.kind == "signal":
            return f"dies with {self.what}"
        if self.kind == "assert":
            return f"internal assert: {self.what}"
        if self.kind == "returned":
            return "returns"
        return f"{self.kind}: {self.what}"

    def text(self) -> str:
        where = f" in {self.op}" if self.op else ""
        if self.kind == "signal":
            return f"dies with {self.what} ({SIGNAL_WORDS.get(self.what, 'signal')}){where}"
        if self.kind == "assert":
            return f"fails an internal assert{where}: {self.what}"
        return self.expected_text() + where

    def as_json(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> "Outcome":
        return cls(d["kind"], d.get("what", ""), d.get("op", ""))


def finding_outcome(finding: dict) -> Outcome | None:
    """What a raw finding says happened (its op is the one the run charged it to, not yet the faulting one)."""
    detail = finding.get("detail") or {}
    if finding.get("invariant") == OutcomeKind.CRASH and detail.get("signal"):
        sig = detail["signal"]
        if isinstance(sig, int):
            try:
                sig = signal.Signals(sig).name
            except ValueError:
                sig = str(sig)
        return Outcome("signal", sig, finding.get("aten_op", ""))
    if finding.get("invariant") == OutcomeKind.INTERNAL_ASSERT:
        message = next((v for v in detail.values() if isinstance(v, str) and ASSERT_MARK in v), "")
        return Outcome("assert", assert_key(message) if message else "", finding.get("aten_op", ""))
    return None


# How heap damage (a write past a buffer, a bad free) kills a process: which one depends on what the heap held
HEAP_DAMAGE_SIGNALS = frozenset({"SIGSEGV", "SIGABRT", "SIGBUS"})


def matches(found: Outcome, wanted: Outcome, *, heap: bool = False) -> bool:
    """A rebuilt run matches a raw finding: same kind and signal (an assert whose key the finding lacks matches any).

    ``heap``: the run rebuilt heap damage where the worker's heap is not
    (guarded buffers, a fresh interpreter): the damage faults at the write
    there (SIGSEGV) or where the allocator notices it (SIGABRT), whichever
    the fuzz worker saw, so any heap-damage signal matches any other.
    """
    if heap and found.kind == wanted.kind == "signal" and {found.what, wanted.what} <= HEAP_DAMAGE_SIGNALS:
        return True
    return found.kind == wanted.kind and (found.what == wanted.what or (found.kind == "assert" and not wanted.what))


def outcome_from_process(returncode: int, stderr: str, op: str) -> Outcome:
    """How a process running one direct call of ``op`` ended, as an Outcome."""
    if returncode < 0:
        try:
            return Outcome("signal", signal.Signals(-returncode).name, op)
        except ValueError:
            return Outcome("signal", f"signal {-returncode}", op)
    if returncode == 0:
        return Outcome("returned")
    if ASSERT_MARK in (stderr or ""):
        return Outcome("assert", assert_key(stderr), op)
    if returncode == TIMED_OUT:
        return Outcome("timeout", (stderr or "").strip(), op)
    lines = [x for x in (stderr or "").strip().splitlines() if x.strip()]
    return Outcome("error", lines[-1][:200] if lines else f"exit code {returncode}", op)


def outcome_of_process(returncode: int, stderr: str) -> str:
    return outcome_from_process(returncode, stderr, "").expected_text()


def fresh_outcome(path, *, env: dict | None = None) -> str:
    """Run the script in a fresh interpreter (with ``env`` added to its environment); the EXPECTED text for how it ended."""
    out = run_script(path, extra_env=env)
    return outcome_of_process(out.returncode, out.stderr)
