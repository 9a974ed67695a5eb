"""One target, explored by Hypothesis for a time budget, inside a worker process.

Every example is announced (its choices written to the worker's current
file) before the op runs; when the worker dies or hangs on it, the parent
saves those choices to the example database, so the next run replays it
first. (Saving and deleting every example here cost 0.8 ms each, a tenth of
a sweep's time, for the rare one that crashes.) A
finding is recorded the moment it is first seen, then the example fails the
Hypothesis test with an exception class per (aten op, invariant), so
Hypothesis shrinks and saves each distinct failure and replays it first next time.
"""
from __future__ import annotations

import functools
import hashlib
import time

from hypothesis import HealthCheck, Verbosity, given, settings
from hypothesis.control import current_build_context
from hypothesis.database import choices_to_bytes

from .. import catalog, drawn, runner, sources
from ..findings import describe_value
from .database import database_key


RECHECK_SAMPLES = 64  # fixed samples a ledgered target reruns before drawing
# An op's first draws build its samples (seconds for some); a share too small must still test it,
# with as many examples as the summary's poor-coverage line asks for.
MIN_EXAMPLES = 5
LEARN_EXAMPLES = 20  # schema-driven targets: draws before the strategy is first rebuilt from what the op rejected (then 40, 80, ...)


class OutOfTime(BaseException):
    """Ends a Hypothesis run on time; a BaseException so Hypothesis neither shrinks nor saves it."""


class FindingFailure(Exception):
    """Base of the per-(aten op, invariant) failures Hypothesis tells apart."""


_FAILURE_CLASSES: dict = {}


def failure_class(aten_op: str, invariant: str) -> type:
    key = (aten_op, invariant)
    if key not in _FAILURE_CLASSES:
        name = "Finding_" + "".join(c if c.isalnum() else "_" for c in f"{aten_op}_{invariant}")
        _FAILURE_CLASSES[key] = type(name, (FindingFailure,), {})
    return _FAILURE_CLASSES[key]


def describe_call(call) -> dict:
    """The call's inputs as the report shows them: argument names from the schema where there is one."""
    names = ()
    if hasattr(call.fn, "_schema"):
        names = catalog.classify(call.fn).arg_names
    inputs = {}
    for i, a in enumerate(call.args):
        inputs[names[i] if i < len(names) else f"arg{i}"] = describe_value(a)
    for k, v in call.kwargs.items():
        inputs[k] = describe_value(v)
    return {"target": call.target, "source": call.source, "repr": repr(call), "inputs": inputs}


def target_seed(seed: int, target: str) -> int:
    return (seed * 1_000_003 + int.from_bytes(hashlib.sha256(target.encode()).digest()[:6], "big")) % (2**63)


def explore(target_name: str, *, device: str, seconds: float, max_examples: int, seed: int, database, on_example, on_finding, on_progress=None, cap: float | None = None) -> dict:
    """Run one target; return its coverage. ``on_example(description, choices)`` runs before every call."""
    start = time.monotonic()
    soft_deadline = start + seconds
    hard_deadline = soft_deadline + min(10.0, max(2.0, seconds / 2))  # time to finish shrinking what was found
    cap_deadline = float("inf") if cap is None else start + cap  # the run's own end: never past it
    hard_deadline = min(hard_deadline, cap_deadline)
    soft_deadline = min(soft_deadline, hard_deadline)
    target = catalog.resolve(target_name)
    strategy = drawn.call_strategy(target, device)
    stats = runner.OpStats(target_name)
    result = {"target": target_name, "status": "ran", "first_seen": {}}
    if strategy is None:
        result["status"] = "no_inputs"
        result["stats"] = stats.as_json()
        return result
    key = database_key(target_name)
    seen: dict = {}  # (aten op, invariant, output index) -> first Finding
    latest: dict = {}  # ... -> Finding of the latest failing example (after shrinking: the minimal one)
    failed = [False]
    last_progress = [start]

    def example_test(strategy, examples: int):
        @settings(
            max_examples=examples,
            database=database,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            report_multiple_bugs=True,
            print_blob=False,
            verbosity=Verbosity.quiet,
        )
        @given(strategy)
        def example(call):
            now = time.monotonic()
            # MIN_EXAMPLES holds only up to the hard deadline: an op whose examples take seconds
            # each must not eat the shares of the ops after it.
            if now > hard_deadline or (stats.examples >= MIN_EXAMPLES and not failed[0] and now > soft_deadline):
                raise OutOfTime()
            choices = choices_to_bytes(current_build_context().data.choices)
            on_example(describe_call(call), choices)  # write-ahead: a crash or hang here is replayed first next run
            t0 = time.perf_counter()
            res = runner.run_call(call)
            stats.add(res, time.perf_counter() - t0)
            if on_progress is not None and now - last_progress[0] > 0.5:
                last_progress[0] = now
                on_progress(stats.examples)
            if not res.findings:
                return
            fails = any(not (f.invariant == runner.INTERNAL_ASSERT and f.detail.get("private")) for f in res.findings)
            for f in res.findings:
                k = (f.aten_op, f.invariant, f.output_index)
                latest[k] = f
                if k not in seen:
                    seen[k] = f
                    result["first_seen"][f"{f.aten_op} {f.invariant}"] = stats.examples
                    on_finding(f, stats.examples)
            if not fails:
                return  # only a private overload's internal assert: recorded, not shrunk (its preconditions are unchecked)
            failed[0] = True
            first = res.findings[0]
            raise failure_class(first.aten_op, first.invariant)(first.one_line())

        example._hypothesis_internal_database_key = key
        return example

    if _is_ledgered(target_name):
        # Known violations are rechecked on the op's fixed samples first, so a short share still tells
        # "still present" from "looks fixed" without leaning on what a couple of random draws reach.
        for call in sources.sample_calls(target, device):
            if stats.examples >= min(RECHECK_SAMPLES, max_examples) or time.monotonic() > soft_deadline:
                break
            on_example(describe_call(call), b"")
            t0 = time.perf_counter()
            res = runner.run_call(call)
            stats.add(res, time.perf_counter() - t0)
            for f in res.findings:
                k = (f.aten_op, f.invariant, f.output_index)
                if k not in seen:
                    seen[k] = latest[k] = f
                    result["first_seen"][f"{f.aten_op} {f.invariant}"] = stats.examples
                    on_finding(f, stats.examples)

    # Schema-driven draws learn which choices the op rejects (opprop.validity): after LEARN_EXAMPLES draws,
    # then after twice as many, and so on, the strategy is rebuilt, steered away from them, while it learns.
    learner = _learner(target)
    learn = learner is not None and max_examples > LEARN_EXAMPLES
    taught = learner.snapshot().as_json() if learn else None
    phase = 0
    while stats.examples < max_examples:  # the ledger recheck may have used up the op's examples
        if phase:
            if failed[0]:
                break  # a failing target spent the rest of its share shrinking
            if _learned_something(learner, taught):
                strategy = drawn.call_strategy(target, device)
                taught = learner.snapshot().as_json()
        before = stats.examples
        examples = min(LEARN_EXAMPLES << phase, max_examples - before) if learn else max_examples - before
        test = example_test(strategy, examples)
        # What @seed does, minus its side effect: @seed turns the example database off.
        test._hypothesis_internal_use_seed = target_seed(seed + phase, target_name)
        try:
            test()
        except OutOfTime:
            result["status"] = "budget"
            break
        except Exception as e:  # the findings themselves, Flaky, Unsatisfiable: all already recorded
            if not isinstance(e, FindingFailure) and not _only_findings(e):
                result["hypothesis_error"] = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:200] if str(e).strip() else ''}"
        if not learn or stats.examples == before:  # one run does it all, or the strategy has nothing new to draw
            break
        phase += 1
    if learner is not None:
        result["validity"] = learner.as_json()  # the parent saves it, so the next run starts from it
    result["shrunk"] = [f.as_json() for k, f in latest.items() if f is not seen.get(k)]
    result["stats"] = stats.as_json()
    result["seconds"] = round(time.monotonic() - start, 3)
    return result


def _learner(target):
    """The validity record schema-driven draws of this target teach, or None (an OpInfo target draws none)."""
    from torch._ops import OpOverload

    from .. import validity
    from ..generators.schema import unreachable_reason

    if not isinstance(target, OpOverload) or unreachable_reason(target) is not None:
        return None
    return validity.store().for_op(catalog.qualified_name(target))


def _learned_something(learner, before: dict) -> bool:
    """Whether the record now rules out a choice it did not before (only then would a rebuilt strategy differ)."""
    was = type(learner)(before)
    for choice, values in learner.choices.items():
        options = list(values)
        if learner.allowed(choice, options) != was.allowed(choice, options):
            return True
    return False


@functools.lru_cache(maxsize=None)
def _is_ledgered(target_name: str) -> bool:
    from .targets import ledgered_targets

    return target_name in ledgered_targets([target_name])


def _only_findings(e) -> bool:
    inner = getattr(e, "exceptions", None)
    return bool(inner) and all(isinstance(x, FindingFailure) or _only_findings(x) for x in inner)
