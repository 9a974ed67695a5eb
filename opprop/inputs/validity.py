"""Adaptive validity: per op, which drawn choices the op rejects, so later draws steer away from them.

Each schema-driven draw records its choices (``self.kind=sparse_coo``,
``dtype=bool``, ...) and whether the op accepted the call. A call that ends
in a bug (an internal assert here; a crash or a hang kills the process before
anything is recorded) is never a refusal: a learner that counted it would
steer away from the very inputs that show bugs. A choice tried
``MIN_TRIES`` times and never accepted, while other values of the same
choice were, is avoided in later draws; so is one accepted far less often
than the best value of its choice (``LOW_RATE``). Avoided, never ruled out:
one draw in ``FLOOR_ODDS`` takes every option (``steered``). Counts persist in
``.opprop/validity.json`` (``OPPROP_VALIDITY`` overrides the path), so the
next run starts from what earlier runs learned (a directory with no record
starts from the shipped prior, ``validity_prior``); the totals give each op's
valid rate.
"""
from __future__ import annotations

import json
import os

from hypothesis import strategies as st

from opprop.inputs import validity_prior

MIN_TRIES = 3
# A value tried RATE_TRIES times whose accept rate is under LOW_RATE of the best value's (of that choice) is dropped
# too: an op that takes float32 20 times in 25 and complex64 2 in 10 draws float32 (in a 600 s sweep, a quarter of
# the examples of reached ATen targets were rejected, spread over their dtypes, ranks and kinds).
RATE_TRIES = 8
LOW_RATE = 1 / 3
DEFAULT_PATH = os.path.join(".opprop", "validity.json")
# Values that kernels take or refuse together: ATen dispatches on dtype families (AT_DISPATCH_FLOATING_TYPES,
# ..._INTEGRAL_TYPES), so an op that refused every integral dtype it was given refuses the integral dtypes it was not
# given yet. A family tried FAMILY_TRIES times in all and never accepted is dropped whole, as one value tried MIN_TRIES
# times is (measured: in-place float ops on integer tensors were a twelfth of a 600 s sweep's refusals, each integral
# dtype needing its own three). Any acceptance in the family leaves its values to their own counts.
DTYPE_FAMILIES = {
    **dict.fromkeys(("torch.int64", "torch.int32", "torch.int16", "torch.int8", "torch.uint8"), "integral"),
    **dict.fromkeys(("torch.float32", "torch.float64"), "floating"),
    **dict.fromkeys(("torch.float16", "torch.bfloat16"), "reduced floating"),
    **dict.fromkeys(("torch.complex64", "torch.complex128"), "complex"),
}
FAMILY_TRIES = 4
# One draw in FLOOR_ODDS of a choice ignores what a learner avoids for it, so no option is ruled out for good: a refusal
# learned from a few draws (or on another input shape, or from a prior) may not hold for every call. Per choice, so a
# call that tries an avoided value keeps the rest of its choices valid; 1/16 each costs a call with two or three
# steered choices about one draw in six.
FLOOR_ODDS = 16


def floor_draw(draw) -> bool:
    """Whether this draw takes every option, what a learner avoids included (one in ``FLOOR_ODDS``; shrinks to no)."""
    return draw(st.integers(0, FLOOR_ODDS - 1)) == FLOOR_ODDS - 1


class OpValidity:
    """Accept/reject counts for one op: totals and, per choice, per value."""

    def __init__(self, data: dict | None = None):
        data = data or {}
        self.total = list(data.get("total", [0, 0]))  # [tries, accepted]
        self.choices: dict[str, dict[str, list]] = {k: {v: list(c) for v, c in vals.items()} for k, vals in data.get("choices", {}).items()}

    def allowed(self, choice: str, options):
        """The options not yet shown to be rejected, in their order (all of them if every one was)."""
        seen = self.choices.get(choice)
        if not seen or not any(c[1] for c in seen.values()):
            return list(options)
        best = max((accepted / tries for tries, accepted in seen.values() if tries >= MIN_TRIES), default=0.0)

        def rejected(tries: int, accepted: int) -> bool:
            return (tries >= MIN_TRIES and accepted == 0) or (tries >= RATE_TRIES and accepted / tries < LOW_RATE * best)

        families: dict[str, list] = {}  # family -> [tries, accepted] over its values tried so far
        for value, (tries, accepted) in seen.items():
            family = DTYPE_FAMILIES.get(value)
            if family is not None:
                pooled = families.setdefault(family, [0, 0])
                pooled[0] += tries
                pooled[1] += accepted

        def family_refused(value: str) -> bool:
            pooled = families.get(DTYPE_FAMILIES.get(value))
            return pooled is not None and pooled[0] >= FAMILY_TRIES and pooled[1] == 0

        kept = [o for o in options if not rejected(*seen.get(str(o), (0, 0))) and not family_refused(str(o))]
        return kept or list(options)

    def steered(self, choice: str, options, draw) -> list:
        """The options to draw ``choice`` from: those ``allowed``, or every one on a floor draw (asked only when the
        record avoids some, so an op it rules nothing out for draws as it would with no record)."""
        allowed = self.allowed(choice, options)
        if len(allowed) < len(options) and floor_draw(draw):
            return list(options)
        return allowed

    def record(self, choices: dict, accepted: bool) -> None:
        """Count one call: ``accepted`` is False only when the op refused its arguments (never for a bug)."""
        self.total[0] += 1
        self.total[1] += int(accepted)
        for choice, value in choices.items():
            c = self.choices.setdefault(choice, {}).setdefault(str(value), [0, 0])
            c[0] += 1
            c[1] += int(accepted)

    def steering(self) -> dict[str, dict[str, list]]:
        """The choices whose record drops a value from later draws, with all their values' counts (what a prior keeps)."""
        return {choice: values for choice, values in self.choices.items()
                if self.allowed(choice, list(values)) != list(values)}

    def snapshot(self) -> "OpValidity":
        """A frozen copy to steer one strategy by: Hypothesis needs draws that do not change under it."""
        return OpValidity(self.as_json())

    @property
    def valid_rate(self) -> float | None:
        return self.total[1] / self.total[0] if self.total[0] else None

    def as_json(self) -> dict:
        return {"total": self.total, "valid_rate": self.valid_rate, "choices": self.choices}


class ValidityStore:
    """Every op's ``OpValidity``, loaded from and saved to one JSON file."""

    def __init__(self, path: str | None = None):
        self.path = path or os.environ.get("OPPROP_VALIDITY", DEFAULT_PATH)
        self.ops: dict[str, OpValidity] = {}
        try:
            with open(self.path) as fh:
                data = json.load(fh)
        except FileNotFoundError:
            data = validity_prior.ops()  # no record yet: what the shipped prior learned (validity_prior)
        except (OSError, ValueError):
            data = {}  # an unreadable one: start fresh
        self.ops = {name: OpValidity(d) for name, d in data.items()}

    def for_op(self, name: str) -> OpValidity:
        return self.ops.setdefault(name, OpValidity())

    def save(self) -> None:
        os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
        tmp = f"{self.path}.{os.getpid()}.tmp"
        with open(tmp, "w") as fh:
            json.dump({n: v.as_json() for n, v in sorted(self.ops.items())}, fh, indent=1)
        os.replace(tmp, self.path)


_STORE: ValidityStore | None = None


def store() -> ValidityStore:
    """The process-wide store (re-read when ``OPPROP_VALIDITY`` points elsewhere)."""
    global _STORE
    path = os.environ.get("OPPROP_VALIDITY", DEFAULT_PATH)
    if _STORE is None or _STORE.path != path:
        _STORE = ValidityStore(path)
    return _STORE


def save_learned(learned: dict) -> int:
    """Keep what a fuzz run's workers learned (op name -> its record, from their journal's ``op_done`` lines); return how many ops."""
    if learned:
        current = store()
        for name, data in learned.items():
            current.ops[name] = OpValidity(data)  # each worker started from the stored record: this one includes it
        current.save()
    return len(learned)
