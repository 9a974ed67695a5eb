"""A session whose hard deadline passes while Hypothesis replays its failures ends on time, as a budget stop.

In the 600 s sweep at 4bedf23, two workers (``unsafe_split`` and
``aten::linalg_lu.out``) exited with code 1 and were journaled as crashes:
Hypothesis had found two distinct failures, the deadline passed before its
final replay, and each replay raised ``OutOfTime``; with more than one error
Hypothesis raises them as a ``BaseExceptionGroup``, which the session did not
take for the budget stop it is.
"""
import pytest

from opprop.explore.session import Exploration
from opprop.explore.target import resolve

import two_faults_ops  # noqa: F401  (registers opprop_two::two_faults)

TARGET = "opprop_two::two_faults"


def _session(on_example=None):
    # resumed: no schedule rows (the first failing row would end the draws before a second failure is met)
    return Exploration(resolve(TARGET), seed=0, fails=list, resumed=True, on_example=on_example)


@pytest.mark.parametrize("replays_late", [1, 2])
def test_a_deadline_passing_before_the_final_replays_of_several_failures_is_a_budget_stop(replays_late, tmp_path, monkeypatch):
    """The last ``replays_late`` examples (of Hypothesis's final replays, one per distinct failure) start past the deadline."""
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    seen = []
    whole = _session(on_example=lambda *a: seen.append(a))
    whole.draw(60)
    assert {f.invariant for f in whole.unique_findings()} >= {"returns_input", "undeclared_mutation"}, whole.unique_findings()
    assert whole.status == "ran"
    total = len(seen)  # the same seed draws the same examples; the last ones are Hypothesis's final replays

    calls = []

    def expire_before_the_final_replays(*announced):
        calls.append(announced)
        if len(calls) == total - replays_late:
            timed.hard_deadline = 0.0  # every example after this one is past the hard deadline

    timed = _session(on_example=expire_before_the_final_replays)
    timed.draw(60)  # raised BaseExceptionGroup(..., OutOfTime) before the fix
    assert timed.status == "budget"
    assert len(calls) == total - replays_late
    assert {f.invariant for f in timed.unique_findings()} >= {"returns_input", "undeclared_mutation"}
