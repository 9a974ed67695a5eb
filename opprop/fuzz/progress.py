"""What a fuzz run shows while it runs: a live line on a terminal, one line per op in a log."""
from __future__ import annotations

import sys
import time

from opprop.core.outcomes import OutcomeKind
from opprop.fuzz.messages import Found, OpDone


class Progress:
    def __init__(self, total: int, deadline: float, stream=None):
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.total = total
        self.deadline = deadline
        self.done = 0
        self.done_targets: set = set()
        self.examples_done = 0
        self.examples_running: dict = {}
        self.findings = 0
        self.seen: set = set()  # finding keys the run has seen: each counts as new once, for the target that found it first
        self.new: dict = {}  # target -> findings it found first
        self._last = 0.0

    def started(self, target: str) -> None:
        self._refresh()

    def examples_now(self, worker: int, n: int) -> None:
        self.examples_running[worker] = n
        self._refresh()

    def finding(self, record: Found) -> None:
        """A journaled finding (a worker's, or a crash or hang the pool recorded): counted under its target if new to the run."""
        self.findings += 1
        f = record.finding
        key = (f.get("aten_op"), f.get("invariant"), f.get("output_index"))
        private = f.get("invariant") == OutcomeKind.INTERNAL_ASSERT and (f.get("detail") or {}).get("private")
        if key not in self.seen and not private:  # the summary reports private asserts apart (fuzz_summary.is_private_assert)
            self.seen.add(key)
            self.new[record.target] = self.new.get(record.target, 0) + 1
        self._refresh(force=True)

    def op_done(self, record: OpDone) -> None:
        """A target's share ended: counted as done once, however many rounds it has shares in (fuzz.energy); a share of
        the scan is counted in the examples only, and has no line of its own (the pool notes the scan's end)."""
        stats = record.stats or {}
        self.examples_done += stats.get("examples", 0)
        self.examples_running.pop(record.worker, None)
        if record.stage == "scan":
            self._refresh()
            return
        self.done_targets.add(record.target)
        self.done = len(self.done_targets)
        if self.live:
            self._refresh(force=True)
        else:
            found = self.new.get(record.target, 0)  # the summary's count, split by target: crashes and hangs too
            line = (f"[{self.done}/{self.total}] {record.target}: {record.status}, {stats.get('examples', 0)} examples, "
                    f"{stats.get('valid', 0)} valid, {found} finding(s), {record.seconds or 0:.1f}/{record.budget or 0:.1f} s")
            print(line, file=self.stream, flush=True)

    def tick(self) -> None:
        """Called by the pool's loop, so the time left counts down between events."""
        self._refresh()

    def note(self, text: str) -> None:
        if self.live:
            self.stream.write("\r\x1b[K")
        print(text, file=self.stream, flush=True)

    def _refresh(self, force: bool = False) -> None:
        if not self.live:
            return
        now = time.monotonic()
        if not force and now - self._last < 0.2:
            return
        self._last = now
        examples = self.examples_done + sum(self.examples_running.values())
        left = max(0.0, self.deadline - now)
        self.stream.write(f"\r\x1b[Kops {self.done}/{self.total}  examples {examples}  findings {self.findings}  {left:.0f} s left")
        self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()
