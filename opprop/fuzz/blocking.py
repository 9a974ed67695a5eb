"""A collective that waits past its deadline: not tested, never a hang finding.

On the one-process group (``opprop.core.process_group``) a receive, a wait
on work no peer completes, or a barrier a peer never joins waits for a rank
that does not exist. Gloo's own timeout ends most such waits with an error
(an invalid call); anything that still blocks is killed at ``deadline`` by
the pool or ``isolated_check``, like a hang, but its example counts as an
invalid call with ``REASON``, never as a finding, and is not saved to replay
first. This module is the one place that decides which targets that is:
those whose op takes a process group (``schema_groups.takes_group``).
"""
from __future__ import annotations

import functools

from opprop.check import catalog
from opprop.generators import schema_groups
from opprop.core import process_group
from opprop.fuzz.messages import OpDone

DEADLINE_S = 2 * process_group.TIMEOUT_S  # past gloo's own timeout, so its error comes first
MAX_BLOCKED = 3  # blocked examples after which opprop check stops drawing (the rest would wait as long)


@functools.lru_cache(maxsize=None)
def waits_for_peer(aten_op: str) -> bool:
    """The op (by name) takes a process group, so its calls may wait for a peer the one-process group does not have."""
    op = catalog.overload_from_name(aten_op) if "::" in aten_op else None
    return op is not None and schema_groups.takes_group(op)


def deadline(aten_op: str, example_timeout: float) -> float:
    """Seconds an example of ``aten_op`` may run before it is killed (and is a hang, unless ``waits_for_peer``)."""
    return min(example_timeout, DEADLINE_S) if waits_for_peer(aten_op) else example_timeout


def reason(seconds: float) -> str:
    """What the example's invalid call says: why it was not a hang finding."""
    return f"blocked: waited past its {seconds:g} s deadline for a peer the one-process group does not have (not a hang finding)"


def op_done(target: str, worker: int, cur: dict, seconds: float, limit: float) -> OpDone:
    """The ``OpDone`` of a target whose example blocked: the example an invalid call with ``reason``, no finding."""
    same = cur.get("target") == target
    examples = (cur.get("example") or 0) if same else 0
    valid = (cur.get("valid") or 0) if same else 0
    why = reason(limit)
    return OpDone(target=target, status="blocked", worker=worker, seconds=round(seconds, 3),
                  stats={"name": target, "examples": examples, "valid": valid, "errors": 1, "reached": [], "error_kinds": {why: 1}})
