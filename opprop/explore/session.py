"""One exploration session: a target's fixed samples, then Hypothesis draws, all under the checks.

Every way opprop runs a target goes through ``Exploration``: ``opprop
check``, the fuzz worker, ``opprop list --examples``, the property tests
(their own ``@given`` runs ``Exploration.example``, so they stay ordinary
pytest items that Hypothesis shrinks) and the shrinker's fallback search.
So each of these is decided once, here: the Hypothesis settings (a profile
from ``opprop.explore.profiles``, or the exploring defaults), the seed of each
phase, the snapshot policy, the one key findings are deduplicated by, when
an example fails (so Hypothesis shrinks it and saves it to the example
database), the validity learning loop (rounds of 20, 40, 80, ... draws, the
strategy rebuilt from what the op rejected, ``opprop.inputs.validity``), the time
budget, and what each finding keeps to replay itself (``Finding.replay``).
"""
from __future__ import annotations

import functools
import hashlib
import time
from typing import Callable

from hypothesis import Phase, given, note, reject, settings, strategies as st
from hypothesis.errors import Unsatisfiable

from opprop.inputs import choices, corpus
from opprop.check import runner, snapshots
from opprop.explore import profiles
from opprop.check.findings import Finding, describe_arguments
from opprop.core.outcomes import OutcomeKind
from opprop.explore.database import database_key
from opprop.explore.target import Target
from opprop.generators import crossing, schedule
from opprop.inputs.validity import OpValidity

SCHEDULE_PHASE = -1  # the seed phase of the schedule's run (draw_scheduled)
# A learning session's schedule (fuzz; opprop check runs every row) stops after this many rows when the op refused
# them all. Each row is Hypothesis's simplest draw plus its modes, so an op that needs related arguments tends to
# refuse every row alike, and the free draws, which learn from the refusals, get those examples
# (aten::native_layer_norm refused all 16 of its rows, and took 9 of 20 free draws). The price: an op that refuses
# the first rows and takes a later one (q_per_channel_scales) runs that later row in check, not in fuzz.
REJECTED_ROWS = 4
# The schedule's rows run when a target's share is at least this many seconds (always without a time budget, as in
# opprop check). Each row is a Hypothesis test of its own, with its own strategy: in a 300-target run with the
# 600 s sweep's share (0.36 s), the rows left 2656 examples and 108 targets with 5 valid ones, against 5512 and 175
# without them. A short share draws freely; the free draws take a row about one time in FREE_SPREAD.
SCHEDULE_SHARE = 1.0
LEAD_PHASE = -1000  # the seed phase of the draws before the schedule, for a target with more than schema draws
LEARN_EXAMPLES = 20  # learning: draws before the strategy is first rebuilt from what the op rejected (then 40, 80, ...)
# An op's first draws build its samples (seconds for some); a budget too small must still test it: past its soft
# deadline a target draws on until MIN_EXAMPLES of its examples ran validly (what the fuzz summary's coverage counts
# as reached), or SHORT_SHARE_TRIES were tried (in a 600 s sweep, 25 ATen targets stopped at 5 tried, 1-4 valid).
MIN_EXAMPLES = 5
SHORT_SHARE_TRIES = 20


def finding_key(f: Finding) -> tuple:
    """The one key findings are deduplicated by: the same invariant on the same output of the same overload."""
    return (f.aten_op, f.invariant, f.output_index)


def phase_seed(seed: int, target_name: str, phase: int = 0) -> int:
    """The Hypothesis seed of one phase of one target: runs of different targets draw differently."""
    return ((seed + phase) * 1_000_003 + int.from_bytes(hashlib.sha256(target_name.encode()).digest()[:6], "big")) % (2**63)


def describe_call(call) -> dict:
    """The call's inputs as reports show them: argument names from the schema where there is one."""
    names = getattr(getattr(call.fn, "_schema", None), "arguments", ())
    inputs = describe_arguments([a.name for a in names], call.args, call.kwargs)
    return {"target": call.target, "source": call.source, "repr": repr(call), "inputs": inputs}


class OutOfTime(BaseException):
    """Ends a Hypothesis run on time; a BaseException so Hypothesis neither shrinks nor saves it."""


class _Stop(BaseException):
    """Ends a Hypothesis run at the first finding (``stop_at_first`` without failing examples)."""


class FindingFailure(AssertionError):
    """An example failed for its findings."""


@functools.lru_cache(maxsize=None)
def failure_class(keys: frozenset) -> type:
    """One FindingFailure subclass per set of (aten op, invariant), so Hypothesis shrinks, saves and reports
    each apart (it tells failures apart by exception type and line)."""
    name = "NewFinding[" + ", ".join(f"{op} {inv}" for op, inv in sorted(keys)) + "]"
    return type(name, (FindingFailure,), {"__module__": __name__})


class Exploration:
    """One target explored under the checks.

    ``fails(findings)``: the findings that fail their example (all of them in
    a fuzz run, the unledgered ones in a property test); a failing example is
    shrunk and saved by Hypothesis. None: record findings, never fail (check).
    ``reject_invalid``: an example the op refuses is rejected, so it does not
    count towards the examples asked for. ``learn``: draw in learning rounds.
    ``seconds`` / ``cap``: the soft budget (at least ``MIN_EXAMPLES`` valid, see there) and
    the hard end. ``seed`` None leaves seeding to the profile.
    """

    def __init__(self, target: Target, *, device: str = "cpu", seed: int | None = 0, database=None, learn: bool = False,
                 snapshot_data: str = snapshots.DEFAULT_SNAPSHOT, stop_at_first: bool = False, profile: str | None = None,
                 invariants=None, fails: Callable | None = None, reject_invalid: bool = False,
                 seconds: float | None = None, cap: float | None = None,
                 on_example: Callable | None = None, on_finding: Callable | None = None, on_progress: Callable | None = None, resumed=False):
        if snapshot_data not in snapshots.SNAPSHOT_POLICIES:
            raise ValueError(f"snapshot_data must be one of {snapshots.SNAPSHOT_POLICIES}, not {snapshot_data!r}")
        # resumed: going on after a crash, so the schedule's fixed rows (one of which may crash again) ran already
        self.target, self.device, self.seed, self.database, self.resumed = target, device, seed, database, resumed
        self.learn, self.snapshot_data, self.stop_at_first, self.profile = learn, snapshot_data, stop_at_first, profile
        self.invariants, self.fails, self.reject_invalid = invariants, fails, reject_invalid
        self.on_example, self.on_finding, self.on_progress = on_example, on_finding, on_progress
        self.sample_stats = runner.OpStats(target.name)
        self.drawn_stats = runner.OpStats(target.name + " (drawn)")
        self.findings: dict = {}  # finding_key -> the first Finding seen
        self.latest: dict = {}  # finding_key -> the latest (once Hypothesis shrank it: the minimal one)
        self.first_seen: dict = {}  # "aten op invariant" -> examples run when first seen
        self.status = "ran"  # "budget" when time ran out, "no_inputs" when nothing draws calls
        self.hypothesis_error: str | None = None
        self.failed = False
        self.start = time.monotonic()
        hard = float("inf") if seconds is None else self.start + seconds + min(10.0, max(2.0, seconds / 2))  # time to shrink
        self.hard_deadline = min(hard, float("inf") if cap is None else self.start + cap)
        self.soft_deadline = min(float("inf") if seconds is None else self.start + seconds, self.hard_deadline)
        self._steer: dict | None = None  # the validity record the current strategy was built with
        self._scheduling = False  # while the schedule's rows run (draw_scheduled)
        self._other_sources = False  # the target draws from more than its schema (strategy)
        self.modes: dict = {}  # "choice=value" of a drawn call's edge modes -> [examples, valid] (generators.schedule)
        self._last_progress = self.start

    # ------------------------------------------------------------ what it found

    @property
    def examples(self) -> int:
        return self.sample_stats.examples + self.drawn_stats.examples

    @property
    def stats(self) -> runner.OpStats:
        return runner.OpStats.merged(self.target.name, self.sample_stats, self.drawn_stats)

    def unique_findings(self) -> list[Finding]:
        return sorted(self.findings.values(), key=lambda f: (f.aten_op, f.invariant))

    def shrunk(self) -> list[Finding]:
        """Findings whose latest failing example differs from the first (what Hypothesis shrank it to)."""
        return [f for k, f in self.latest.items() if f is not self.findings.get(k)]

    # ------------------------------------------------------------ running

    def run(self, *, samples: int | None = None, examples: int = 0) -> "Exploration":
        """The fixed samples (``samples`` at most, all with -1, none with None), then ``examples`` draws."""
        if samples is not None:
            self.run_samples(None if samples < 0 else samples)
        if examples > 0 and not self._stopped():
            self.draw(examples)
        return self

    def run_samples(self, limit: int | None = None, *, calls=None) -> None:
        """The target's fixed samples (or ``calls``, some other fixed list: its findings then have no ``replay``)."""
        own = calls is None
        for index, call in enumerate(self.target.sample_calls(self.device) if own else calls):
            if (limit is not None and index >= limit) or time.monotonic() > self.soft_deadline:
                break
            self._run(call, self.sample_stats, b"", lambda i=index: {"target": self.target.name, "sample": i, **_corpus()} if own else None)
            if self._stopped():
                break

    def run_crossing(self, count: int, share: float = 1.0, first: int = 0) -> None:
        """An overload target's crossing calls ``first`` .. ``first + count - 1`` under the session's seed
        (``generators.crossing``): fixed calls, each replayed from its index, for at most ``share`` of the time to the soft
        deadline (past it, the status says "budget")."""
        if self.target.kind != "overload" or count <= 0 or self.target.drawn_around_recorded_calls(self.device):
            return  # a --corpus's recorded calls replace the schema's draws, crossing's too
        until = self.start + share * (self.soft_deadline - self.start)
        seed = self.seed or 0
        for index, call in crossing.crossing_calls(self.target.obj, first, count, seed):
            try:
                self._run(call, self.sample_stats, b"", lambda i=index: {"target": self.target.name, "crossing": i, "crossing_seed": seed, **_corpus()})
            except Exception as e:  # noqa: BLE001: a Python kernel's own failure on a kind it never meant to take (a jagged
                # tensor's ops, a prim's meta function: AttributeError, KeyError) refuses the call; a schema draw's would end the share
                self.sample_stats.add(runner.CallResult([], f"{type(e).__name__}: {str(e).strip()[:200]}", {}), 0.0)
            if self._stopped():
                break
            if time.monotonic() > until:
                self.status = "budget" if share >= 1.0 else self.status
                break

    def strategy(self):
        """The target's strategy as the validity record now steers it (kept, so a finding can replay its draw)."""
        learner = self.target.learner()
        self._steer = None if learner is None else learner.snapshot().as_json()
        options = self.target.call_strategies(self.device, learner=learner)
        self._other_sources = len(options) > 1  # more than schema draws (draw)
        return st.one_of(options) if options else None

    def example(self, call) -> None:
        """One drawn example: the body of every ``@given`` here and in the property tests."""
        now = time.monotonic()
        if now > self.hard_deadline or (now > self.soft_deadline and not self.failed and self._tested_enough()):
            raise OutOfTime()
        note(call.source)
        saved = choices.current() if self.on_example is not None else None  # written ahead: a crash here is replayed
        result = self._run(call, self.drawn_stats, saved, lambda: self._drawn_replay(saved))
        if not result.valid and self.reject_invalid:
            reject()
        failing = self.fails(result.findings) if self.fails is not None and result.findings else []
        # a private overload's internal assert is recorded, not shrunk: its preconditions are unchecked
        failing = [f for f in failing if not (f.invariant == OutcomeKind.INTERNAL_ASSERT and f.detail.get("private"))]
        if failing:
            self.failed = True
            raise failure_class(frozenset(f.key for f in failing))("; ".join(sorted({f.one_line() for f in failing})))
        if self.stop_at_first and self.findings and self.fails is None:
            raise _Stop()

    def draw(self, examples: int) -> None:
        """Up to ``examples`` drawn calls; when learning, in rounds, each with a strategy rebuilt from what the op rejected."""
        strategy = self.strategy()
        if strategy is None:
            self.status = "no_inputs"
            return
        if self.saved_failure():  # what an earlier run saved replays first, before any schedule row or lead draw
            before = self.drawn_stats.examples
            replayed = self._hypothesis_test(strategy, examples, 0, phases=(Phase.explicit, Phase.reuse, Phase.shrink))
            if not self._run_hypothesis(replayed) or self._stopped() or self.failed:
                return
            examples -= self.drawn_stats.examples - before
        if self._other_sources and examples > MIN_EXAMPLES:
            # fixed samples, OpInfo and edge generators validly call what schema rows may not: a short share runs them first
            before = self.drawn_stats.examples
            if not self._run_hypothesis(self._hypothesis_test(strategy, MIN_EXAMPLES, LEAD_PHASE)) or self._stopped() or self.failed:
                return
            examples -= self.drawn_stats.examples - before
        if self.soft_deadline - self.start >= SCHEDULE_SHARE and not self.resumed:
            examples -= self.draw_scheduled(examples)
        if examples <= 0 or self._stopped() or self.status == "budget" or self.failed:
            return
        learner = self.target.learner()
        learn = self.learn and learner is not None and examples > LEARN_EXAMPLES
        taught = learner.snapshot().as_json() if learn else None
        goal = self.drawn_stats.examples + examples
        phase = 0
        while self.drawn_stats.examples < goal:
            if phase:
                if self.failed or self._stopped():
                    break  # a failing target spent the rest of its share shrinking
                if _learned_something(learner, taught):
                    strategy = self.strategy()
                    taught = learner.snapshot().as_json()
            before = self.drawn_stats.examples
            count = min(LEARN_EXAMPLES << phase, goal - before) if learn else goal - before
            if not self._run_hypothesis(self._hypothesis_test(strategy, count, phase)):
                break
            if not learn or self.drawn_stats.examples == before:  # one run does it all, or nothing new to draw
                break
            phase += 1

    def draw_scheduled(self, examples: int) -> int:
        """The schedule of edge modes and relations first (``generators.schedule``): up to ``examples`` of its
        rows, each one Hypothesis example (shrunk when it fails), without the example database (a saved row
        would replay as the free draw it also is); returns how many examples ran."""
        learner = self.target.learner()
        built = self.target.scheduled_strategy(self.device, learner=learner) if examples > 0 else None
        if built is None:
            return 0
        self._steer = None if learner is None else learner.snapshot().as_json()
        before, valid_before = self.drawn_stats.examples, self.drawn_stats.valid
        self._scheduling = True
        try:
            for k, row in enumerate(built[1][:examples]):
                if not self._run_hypothesis(self._hypothesis_test(row, 1, SCHEDULE_PHASE - k, database=None)) or self._stopped() or self.failed:
                    break  # out of time, or a failing target spent the rest of its share shrinking
                if self.learn and k + 1 == REJECTED_ROWS and self.drawn_stats.valid == valid_before:
                    break  # the op refused every row so far: the rest share their arguments; the free draws learn
        finally:
            self._scheduling = False
        return self.drawn_stats.examples - before

    def _run_hypothesis(self, test) -> bool:
        """Run one Hypothesis test; False when drawing should stop (out of time, or stopped at a finding)."""
        try:
            test()
        except Unsatisfiable:
            pass  # every draw rejected: the stats say so
        except (OutOfTime, _Stop, Exception, BaseExceptionGroup) as e:
            # Hypothesis raises the errors of its final replays as one group, one per distinct failure: past the deadline,
            # each is OutOfTime. Findings (already recorded) end nothing; Flaky or a broken strategy is the run's error.
            group = e if isinstance(e, BaseExceptionGroup) else BaseExceptionGroup("", [e])
            if group.subgroup((OutOfTime, _Stop)) is not None:
                self.status = "budget" if group.subgroup(OutOfTime) is not None else self.status
                return False
            if group.split(FindingFailure)[1] is not None:
                if not isinstance(e, Exception):
                    raise  # a KeyboardInterrupt among the replays' errors
                first = str(e).strip().splitlines()[0][:200] if str(e).strip() else ""
                self.hypothesis_error = f"{type(e).__name__}: {first}"
        return True

    def validity(self) -> dict | None:
        """What the schema-driven draws taught (the fuzz parent saves it for the next run)."""
        learner = self.target.learner()
        return None if learner is None else learner.as_json()

    # ------------------------------------------------------------ internals

    def _tested_enough(self) -> bool:
        """What a target must run before its soft deadline may stop it (see MIN_EXAMPLES)."""
        tried = self.examples
        return tried >= SHORT_SHARE_TRIES or (tried >= MIN_EXAMPLES and self.sample_stats.valid + self.drawn_stats.valid >= MIN_EXAMPLES)

    def _stopped(self) -> bool:
        """``stop_at_first``: a finding was recorded (one that ``fails`` selects, when it is given)."""
        if not self.stop_at_first or not self.findings:
            return False
        return self.fails is None or bool(self.fails(list(self.findings.values())))

    def saved_failure(self) -> bool:
        """The example database holds a failure of this target's draws (Hypothesis's own key for it)."""
        if self.database is None:
            return False
        try:
            return next(iter(self.database.fetch(database_key(self.target.name))), None) is not None
        except Exception:  # an unreachable shared database: the run goes on, as Hypothesis's own would
            return False

    def _hypothesis_test(self, strategy, examples: int, phase: int, database="session", phases=None):
        overrides = dict(max_examples=examples, database=self.database if database == "session" else database)
        if phases is not None:
            overrides["phases"] = phases
        chosen = profiles.settings_for(self.profile, **overrides) if self.profile else settings(**profiles.EXPLORING, **overrides)

        @chosen
        @given(strategy)
        def drawn_examples(call):
            self.example(call)

        if overrides["database"] is not None:
            drawn_examples._hypothesis_internal_database_key = database_key(self.target.name)
        if self.seed is not None:
            # What @seed does, minus its side effect: @seed turns the example database off.
            drawn_examples._hypothesis_internal_use_seed = phase_seed(self.seed, self.target.name, phase)
        return drawn_examples

    def _drawn_replay(self, saved: bytes | None) -> dict:
        return {
            "target": self.target.name,
            "database_key": database_key(self.target.name).decode(),
            "choices": (saved if saved is not None else choices.current()).hex(),
            "steer": self._steer,
            **_corpus(),
            **({"strategy": "scheduled"} if self._scheduling else {}),
        }

    def _run(self, call, stats: runner.OpStats, saved: bytes | None, replay: Callable) -> runner.CallResult:
        if self.on_example is not None:
            # the replay a finding on it would carry (choices, steering record, corpus, schedule row): a crash or hang keeps it
            # and how many examples ran validly before it: what a crash or hang on this one leaves of the target's count
            self.on_example({**describe_call(call), "replay": replay()}, saved or b"",
                            self.sample_stats.valid + self.drawn_stats.valid)
        t0 = time.perf_counter()
        result = runner.run_call(call, snapshot_data=self.snapshot_data, invariants=self.invariants)
        stats.add(result, time.perf_counter() - t0)
        schedule.tally(self.modes, getattr(call, "modes", None) or {}, result.valid)
        if self.on_progress is not None and time.monotonic() - self._last_progress > 0.5:
            self._last_progress = time.monotonic()
            self.on_progress(self.examples)
        if result.findings:
            info = replay()
            for f in result.findings:
                f.replay = info
                k = finding_key(f)
                self.latest[k] = f
                if k not in self.findings:
                    self.findings[k] = f
                    self.first_seen[f"{f.aten_op} {f.invariant}"] = self.examples
                    if self.on_finding is not None:
                        self.on_finding(f, self.examples)
        return result


def _corpus() -> dict:
    """What a finding's ``replay`` adds when the run drew from a corpus (``--corpus``)."""
    directory = corpus.active()
    return {"corpus": directory} if directory else {}


def _learned_something(learner, before: dict) -> bool:
    """Whether the record now rules out a choice it did not before (only then would a rebuilt strategy differ)."""
    was = OpValidity(before)
    for choice, values in learner.choices.items():
        options = list(values)
        if learner.allowed(choice, options) != was.allowed(choice, options):
            return True
    return False
