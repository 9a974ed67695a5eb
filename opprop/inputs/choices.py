"""The seam onto Hypothesis's engine: an example's choice sequence, read and drawn from again.

A drawn example is fully determined by its strategy and its choices (what
the example database stores). Reading them during a test and drawing the
same strategy from them later regenerates the same call, in any process,
with no search.
"""
from __future__ import annotations

from hypothesis.control import BuildContext, current_build_context
from hypothesis.database import choices_from_bytes, choices_to_bytes
from hypothesis.errors import StopTest
from hypothesis.internal.conjecture.data import ConjectureData


class ReplayError(ValueError):
    """Saved choices that do not draw a value from the strategy (the strategy changed since)."""


def current() -> bytes:
    """The choices the running Hypothesis example has made so far, as the example database stores them."""
    return choices_to_bytes(current_build_context().data.choices)


def draw(strategy, saved: bytes):
    """The value ``strategy`` draws from ``saved`` choices."""
    choices = choices_from_bytes(saved)
    if choices is None:
        raise ReplayError("unreadable choices")
    data = ConjectureData.for_choices(choices)
    try:
        with BuildContext(data, is_final=True, wrapped_test=draw):
            return data.draw(strategy)
    except (Exception, StopTest) as e:  # StopTest (a BaseException: too few choices), UnsatisfiedAssumption, a generator's error
        raise ReplayError(f"the saved choices no longer draw a call ({type(e).__name__})") from None
