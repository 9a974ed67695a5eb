"""What an invariant is, and the registry that finds them.

An invariant is one object (``INVARIANT`` in a module of this package)
declaring everything about it: its stable id, which op kinds it applies to,
what it records before the call, its check, how the standalone repro script
decides it and the fix to suggest. The catalog, the dispatch mode, the repro
script and the expect file are all derived from these objects, so adding an
invariant is adding one module.
"""
from __future__ import annotations

import dataclasses
import inspect
import re
import textwrap
from typing import Any, Callable, Iterator

Violation = tuple  # (output_index or None, detail dict)


class InvariantRegistrationError(RuntimeError):
    """A module of the package that does not register an invariant, or two invariants with one id."""


@dataclasses.dataclass
class ObservedCall:
    """What one ATen overload got and returned, and what the invariants recorded before it ran."""

    kind: Any  # catalog.OpKind
    inputs: list  # [(argument position, tensor)] for every tensor argument (lists flattened)
    outputs: list  # [(return index, tensor or None)] (Tensor[] returns flattened)
    state: dict  # invariant id -> what its ``before`` recorded (only invariants that have one)
    aliasing: Any  # aliasing.CallAliasing: what the schema allows given which arguments alias each other


class Invariant:
    """One invariant. Subclass it, set ``id``, implement ``check``; ``INVARIANT = Sub()`` registers it.

    ``before(inputs, kind, snapshot_all)``: what to record before the call
    (``inputs`` as in ``ObservedCall``); its result reaches ``check`` as
    ``call.state[id]`` and ``screen`` as ``state``. None: nothing needed.

    ``prepare(func, kind)``: what the invariant needs to know about one
    overload, computed once when the dispatch mode first meets it (which
    outputs are declared views, say); it reaches ``screen``.

    ``screen(inputs, outputs, state, prepared)``: a cheap test, True only when
    ``check`` would report nothing. An invariant with no screen of its own
    and unknown to the dispatch mode's fused screen sends every call it
    applies to down the slow path: correct, only slower (fail closed).

    ``repro_breaks(outputs, inputs, before, state, facts, seen)`` (and
    ``repro_state(inputs)``, when ``before`` records something): the
    invariant's decision in the standalone repro script, as static methods
    that need nothing but torch. They are real code (imported, linted); the
    script inlines their source as ``_breaks`` and ``_state``
    (``repro_source``). ``seen`` holds what the script measured and printed
    (see repro.HELPER), ``facts`` the schema facts (``repro_facts`` adds this
    invariant's own).
    """

    id: str = ""
    rank: int = 100  # order among invariants: checks run, and ids are listed, by rank
    broken_when: str = ""  # one line: when a call breaks it
    before: Callable | None = None
    screen: Callable | None = None
    @staticmethod
    def repro_state(inputs):
        return None  # this invariant records nothing before the call

    repro_breaks: Callable | None = None  # (outputs, inputs, before, state, facts, seen) -> bool; required

    def applies(self, kind) -> bool:
        """Whether the invariant holds for an op of this kind (a ``catalog.OpKind``)."""
        return True

    def prepare(self, func, kind) -> Any:
        """Per overload, once: what ``screen`` needs beyond the call (None by default)."""
        return None

    def check(self, call: ObservedCall) -> Iterator[Violation]:
        raise NotImplementedError

    def repro_facts(self, func, kind) -> dict:
        """Schema facts the repro's ``_breaks`` reads beyond the common ones (literals only)."""
        return {}

    def suggested_fix(self, op, detail: dict, output_index) -> str:
        """The fix to suggest in an expect file; ``op`` is the OpOverload (None when it is not registered)."""
        return ""


_REGISTRY: dict = {}  # id -> Invariant, in rank order
_ON_CHANGE: list = []  # callbacks that drop what was derived from the registry (classify's cache, plans)


def register(invariant: Invariant, *, origin: str = "") -> Invariant:
    """Add one invariant; an empty or duplicate id is an error."""
    if not isinstance(invariant, Invariant) or not invariant.id:
        raise InvariantRegistrationError(f"{origin or invariant!r}: INVARIANT must be an Invariant with an id")
    if not re.fullmatch(r"[a-z][a-z0-9_]*", invariant.id):
        raise InvariantRegistrationError(f"{origin}: invariant id {invariant.id!r} must be lower_snake_case")
    if invariant.id in _REGISTRY:
        raise InvariantRegistrationError(f"{origin}: invariant id {invariant.id!r} is registered twice")
    if type(invariant).check is Invariant.check or not callable(invariant.repro_breaks):
        raise InvariantRegistrationError(f"{origin}: invariant {invariant.id!r} needs a check and a repro_breaks function")
    ordered = sorted([*_REGISTRY.values(), invariant], key=lambda inv: inv.rank)
    _REGISTRY.clear()
    _REGISTRY.update((inv.id, inv) for inv in ordered)
    _changed()
    return invariant


def unregister(invariant_id: str) -> None:
    del _REGISTRY[invariant_id]
    _changed()


def on_change(callback: Callable[[], None]) -> None:
    _ON_CHANGE.append(callback)


def _changed() -> None:
    for callback in _ON_CHANGE:
        callback()


def get(invariant_id: str) -> Invariant:
    return _REGISTRY[invariant_id]


def all_invariants() -> tuple:
    return tuple(_REGISTRY.values())


def ids() -> tuple:
    return tuple(_REGISTRY)


def alias_fix(op, name, output_index) -> str:
    """Declare the alias, or return a fresh tensor: the fix for an output that is or overlaps an input."""
    j = output_index or 0
    if name and op is not None:
        annotated = annotate_alias(str(op._schema), name, j)
        return (
            f"declare the alias in the schema, as reshape/contiguous do: {annotated} "
            f"(or return a fresh tensor, e.g. a clone, when {name} is not meant to be shared)"
        )
    return f"output {j} aliases another output: declare it in the schema or return fresh tensors"


def annotate_alias(schema: str, input_name: str, output_index: int) -> str:
    """``f(Tensor self) -> Tensor`` -> ``f(Tensor(a) self) -> Tensor(a)``: the declaration a suggested fix shows."""
    args, arrow, rets = schema.rpartition(") -> ")
    args = re.sub(rf"\bTensor(\??) {re.escape(input_name)}\b", rf"Tensor(a)\1 {input_name}", args, count=1)
    if rets.startswith("(") and rets.endswith(")"):
        parts = rets[1:-1].split(", ")
        if output_index < len(parts):
            parts[output_index] = _annotate_type(parts[output_index])
        rets = "(" + ", ".join(parts) + ")"
    else:
        rets = _annotate_type(rets)
    return args + arrow + rets


def _annotate_type(t: str) -> str:
    return re.sub(r"^Tensor(?!\()", "Tensor(a)", t)


def repro_source(function, name: str) -> str:
    """A repro decision function's own source, as the standalone script defines it (``def <name>(...)``)."""
    lines = textwrap.dedent(inspect.getsource(function)).splitlines()
    lines = [line for line in lines if not line.startswith("@staticmethod")]
    lines[0] = re.sub(r"^def \w+\(", f"def {name}(", lines[0])
    return "\n".join(lines) + "\n"
