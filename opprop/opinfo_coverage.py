"""How well drawn examples cover an OpInfo: valid and rejected counts in a short Hypothesis run.

Runs exactly what a property test runs (the same strategy, the same
rejection of examples the op refuses), so the figures describe the tests.
"""
from __future__ import annotations

import dataclasses
import json
import os

import torch

from hypothesis import given, reject
from hypothesis.errors import Unsatisfiable

from . import drawn, profiles, runner


@dataclasses.dataclass
class Coverage:
    valid: int = 0
    rejected: int = 0
    findings: set = dataclasses.field(default_factory=set)  # (aten op, invariant)
    error_kinds: dict = dataclasses.field(default_factory=dict)  # first line of the op's error -> count
    error: str | None = None  # the strategy itself failed

    @property
    def rejected_fraction(self) -> float:
        total = self.valid + self.rejected
        return self.rejected / total if total else 0.0

    def as_json(self, target_valid: int) -> dict:
        return {
            "valid": self.valid,
            "rejected": self.rejected,
            "rejected_fraction": round(self.rejected_fraction, 3),
            "reached_target": self.valid >= target_valid,
            "findings": sorted(f"{op} {inv}" for op, inv in self.findings),
            "error_kinds": dict(sorted(self.error_kinds.items(), key=lambda kv: -kv[1])[:3]),
            **({"error": self.error} if self.error else {}),
        }


def unusable_reason(target, device: str) -> str | None:
    """Why an OpInfo's drawn examples cannot be valid on ``device`` (its probe found no sample accepted), or None."""
    from torch._ops import OpOverload

    from opprop.generators.opinfo import allowed_changes
    from opprop import catalog

    if isinstance(target, OpOverload):
        return None
    from opprop import sources

    if sources._is_module(target):
        from opprop.generators.modules import module_allowed

        return module_allowed(target.name, device).unusable
    return allowed_changes(catalog.opinfo_id(target), device).unusable


def measure(target, device: str = "cpu", *, examples: int = profiles.CI_EXAMPLES) -> Coverage:
    """``measure_here`` in a forked child where fork exists: a draw that segfaults a kernel (native_batch_norm in
    eval mode without running stats) is that target's coverage lost, with its signal, not the end of the listing."""
    if not hasattr(os, "fork") or device != "cpu":
        return measure_here(target, device, examples=examples)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: one thread, since the parent's OpenMP pool does not survive fork
        os.close(read)
        code = 0
        try:
            torch.set_num_threads(1)
            cov = measure_here(target, device, examples=examples)
            data = json.dumps({**dataclasses.asdict(cov), "findings": sorted(cov.findings)}).encode()
            with os.fdopen(write, "wb") as fh:
                fh.write(data)
        except BaseException:
            code = 1
        os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as fh:
        data = fh.read()
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status) or not data:
        why = f"crashed (signal {os.WTERMSIG(status)})" if os.WIFSIGNALED(status) else "the measuring process failed"
        return Coverage(error=f"{why} while drawing; run opprop fuzz --ops on it to get the crashing input")
    fields = json.loads(data)
    fields["findings"] = {tuple(f) for f in fields["findings"]}
    return Coverage(**fields)


def measure_here(target, device: str = "cpu", *, examples: int = profiles.CI_EXAMPLES) -> Coverage:
    """Draw until ``examples`` valid calls (or Hypothesis gives up) under the ``ci`` profile's settings."""
    cov = Coverage()
    reason = unusable_reason(target, device)
    if reason:
        cov.error = reason
        return cov
    strategy = drawn.call_strategy(target, device)
    if strategy is None:
        cov.error = f"no strategy on {device}"
        return cov

    @profiles.settings_for("ci", max_examples=examples)
    @given(strategy)
    def explore(call):
        result = runner.run_call(call, snapshot_data="all")
        cov.findings.update(f.key for f in result.findings)
        if not result.valid:
            cov.rejected += 1
            cov.error_kinds[result.error[:120]] = cov.error_kinds.get(result.error[:120], 0) + 1
            reject()
        cov.valid += 1

    try:
        explore()
    except Unsatisfiable:
        pass
    except Exception as e:  # the strategy failing to draw is coverage lost, reported
        cov.error = f"{type(e).__name__}: {(str(e).splitlines() or [''])[0][:160]}"
    return cov
