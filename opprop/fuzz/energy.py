"""How a sweep spends the time after its first round: on the targets whose examples still show something new.

With more than ``ROUNDS_FROM`` targets per worker, a scan (``SCAN_ROUND``) first runs every overload's crossing calls,
then the first round gives every target an even share of ``FIRST_ROUND`` of the budget left, so each is tested. Each later
round ranks the targets whose last share ran out of time (or crashed, or hung) by their energy: the Good-Turing
estimate, from that share, of the chance that one more example shows a behaviour no example has shown yet (an
overload reached, a kind of error, a finding: ``runner.OpStats.discovery``), add-one smoothed so a target cut short
keeps some, plus ``LOST_WEIGHT`` for a crash or hang, where one fault is, another often is. The time left goes to the
best of them in proportion, none below ``MIN_SHARE_S`` (AFL's power schedule and HypoFuzz's give time to the targets
that can still surprise in the same way). A target that ran all its examples gets no more.
"""
from __future__ import annotations

from opprop.core.outcomes import LOST_KINDS
from opprop.fuzz.messages import OpDone

# Before the first round, a sweep with rounds scans: every overload target runs crossing calls only
# (generators.crossing), in an even share of this part of the budget. They cost about a millisecond each, where a
# Hypothesis example costs tens, so every overload meets every kind a few hundred times early: the naive scanner
# (benchmarks/baseline_scanner.py) found in one minute bugs the first round's shares, at 40 crossing calls each,
# never reached in thirty (issue #51's race). A crash ends a scan call, not the overload's scan (pool).
SCAN_ROUND = 0.3
# An overload's scan share runs at most this many calls, and at most half the examples --per-op-examples leaves it: a
# sweep of a few overloads (a custom namespace) ends its scan early and gives the rest to the rounds, whose shares then
# draw rather than cross again in round 0.
SCAN_CALLS = 400
FIRST_ROUND = 0.6  # of the budget the scan leaves, spread evenly over every target: what a later round ranks them by
# Rounds only where targets are many: a few targets (opprop fuzz --ops a b c) each get a long share of the whole budget.
ROUNDS_FROM = 8  # targets per worker
MIN_SHARE_S = 2.0  # a later round's least share: below it a target's setup would take most of it
LOST_WEIGHT = 0.5
GO_ON = ("budget", *LOST_KINDS)  # statuses of a share that did not run out of examples to draw


def energy(done: OpDone) -> float:
    """What a target's last share says one more share is worth (0: nothing)."""
    if done.status not in GO_ON:
        return 0.0
    stats = done.stats or {}
    examples = stats.get("examples", 0)
    once = stats.get("discovery", 0.0) * examples  # behaviours shown by one example only
    return (once + 1) / (examples + 1) + (LOST_WEIGHT if done.status in LOST_KINDS else 0.0)


class Schedule:
    """Each target's energy from its latest share, and the rounds made from it."""

    def __init__(self):
        self.energy: dict[str, float] = {}
        self.rounds: dict[str, int] = {}  # target -> the later rounds it had shares in

    def done(self, record: OpDone) -> None:
        self.energy[record.target] = energy(record)

    def next_round(self, seconds_left: float, jobs: int) -> dict[str, float]:
        """target -> its share of the next round (seconds), highest energy first; {} when no target is worth one."""
        ranked = sorted(((e, t) for t, e in self.energy.items() if e > 0), key=lambda et: (-et[0], et[1]))
        worker_seconds = seconds_left * jobs
        picked, total = [], 0.0
        for e, target in ranked:
            if worker_seconds * e / (total + e) < MIN_SHARE_S:
                break  # the lowest energy's share would be too short: the rest wait for a later round
            picked.append((target, e))
            total += e
        for target, _ in picked:
            self.energy[target] = 0.0  # until its new share says again
            self.rounds[target] = self.rounds.get(target, 0) + 1
        return {target: worker_seconds * e / total for target, e in picked}

    def round_of(self, target: str) -> int:
        return self.rounds.get(target, 0)


def scanned(targets: list[str]) -> list[str]:
    """The targets the scan runs: overloads (``ns::op.overload``), the only targets with crossing calls."""
    return [t for t in targets if "::" in t]
