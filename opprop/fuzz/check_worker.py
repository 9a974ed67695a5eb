"""``opprop check``'s side in a worker process: one target's samples, then its draws, skipping what earlier workers ran.

When an example kills the worker, the parent (``opprop.fuzz.isolated_check``)
starts another and sends the same target again with how many samples and
drawn examples to skip. ``opprop check`` neither learns nor fails an
example, so Hypothesis, seeded alike, draws the same calls in the same
order: the skipped ones are drawn but not called, and the new worker goes on
with the example after the one that crashed.

Before each call the worker's ``current`` file names it (phase, index, the
call's description and choices); after it, a ``Ran`` message carries what
the stats need, so a worker that dies loses none of them.
"""
from __future__ import annotations

import time

from opprop.check import runner
from opprop.explore.session import Exploration
from opprop.explore.target import resolve
from opprop.fuzz.messages import CheckDone, CheckTarget, Found, Ran

SAMPLE, EXAMPLE = "sample", "example"


class CheckInWorker(Exploration):
    """``opprop check``'s exploration of one target in a worker: it skips the first ``skip[phase]`` calls of each phase
    (an earlier worker made them) and reports each call it makes."""

    def __init__(self, target, *, skip: dict, current, send, **kwargs):
        super().__init__(target, on_example=self._announce, on_finding=self._found, **kwargs)
        self.skip, self.current, self.send = skip, current, send
        self.index = {SAMPLE: 0, EXAMPLE: 0}
        self.phase = SAMPLE

    def _announce(self, description: dict, choices: bytes, valid: int) -> None:
        self.current.write({"target": self.target.name, "phase": self.phase, "example": self.index[self.phase], "call": description,
                            "choices": choices.hex(), "time": time.time()})

    def _found(self, finding, n: int) -> None:
        self.send(Found(target=self.target.name, example=self.index[self.phase], finding=finding.as_json()))

    def _run(self, call, stats, saved, replay):
        self.phase = SAMPLE if stats is self.sample_stats else EXAMPLE
        self.index[self.phase] += 1
        if self.index[self.phase] <= self.skip.get(self.phase, 0):
            return runner.CallResult([], None, {})  # an earlier worker ran it (or died on it)
        t0 = time.perf_counter()
        result = super()._run(call, stats, saved, replay)
        self.send(Ran(phase=self.phase, error=result.error, reached=sorted(result.reached), seconds=time.perf_counter() - t0,
                      internal_errors=[e.as_json() for e in result.internal_errors], modes=getattr(call, "modes", None) or {}))
        return result


def run_check(cmd: CheckTarget, *, device: str, seed: int, snapshot_data: str, current, send) -> CheckDone:
    """Run the ``check`` command; its ``CheckDone``."""
    session = CheckInWorker(resolve(cmd.target), skip=dict(cmd.skip), current=current, send=send, device=device, seed=seed,
                            snapshot_data=snapshot_data)
    if session.skip.get(SAMPLE, 0) >= 0:
        session.run_samples()
    if cmd.examples > 0 and not session._stopped():
        session.phase = EXAMPLE
        session.draw(cmd.examples)
    from opprop.inputs import validity

    validity.store().save()  # what the schema-driven draws learned about this op's rejections
    current.write({"target": None, "phase": "idle", "time": time.time()})
    return CheckDone(target=cmd.target, status=session.status, hypothesis_error=session.hypothesis_error)
