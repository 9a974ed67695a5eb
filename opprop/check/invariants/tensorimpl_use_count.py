"""An output's TensorImpl is referenced elsewhere (the codegen's TensorImpl use_count assert)."""
from __future__ import annotations

import sys

from opprop.check import probe
from opprop.check.invariants.base import Invariant

ID = "tensorimpl_use_count"


def _identity_counts(outputs) -> dict:
    counts: dict = {}
    for _, t in outputs:
        if t is not None:
            counts[id(t)] = counts.get(id(t), 0) + 1
    return counts


def _held_by_view_metadata(t, outputs) -> int:
    """References on t that a sibling output's autograd view metadata holds (its ``_base``)."""
    return sum(1 for _, o in outputs if o is not None and o is not t and o._base is t)


class TensorImplUseCount(Invariant):
    id = ID
    rank = 10
    broken_when = "an output of a non-mutating, non-CompositeImplicitAutograd op has TensorImpl use_count > 1"

    def applies(self, kind) -> bool:
        # gen_variable_type.py emits the assert only for ops that write no argument and have
        # an autograd kernel of their own
        return not kind.mutable and not kind.composite_implicit

    def check(self, call):
        """``_use_count()`` counts the Python wrapper once, however many Python names hold it.

        Two corrections give what the C++ assert would see: one handle per
        extra output slot holding the same TensorImpl, and one for the
        wrapper itself when Python code beyond this call keeps it alive (a
        Python kernel that also stores its result).
        """
        outputs = call.outputs
        same = _identity_counts(outputs)
        for j, t in outputs:
            if t is None:
                continue
            occurrences = same[id(t)]
            held = probe.tensorimpl_use_count(t)
            count = held + occurrences - 1
            if occurrences > 1:
                count -= _held_by_view_metadata(t, outputs)
            # Refs we know of: getrefcount's argument, the loop name, and per output slot
            # one in call.outputs and one in the op's return value (still alive in the mode).
            # Only when C++ holds nothing else: torch keeps a C++-shared wrapper alive itself.
            if held == 1 and sys.getrefcount(t) > 2 + 2 * occurrences:
                count += 1
            if count > 1:
                yield j, {"use_count": count}

    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
        # held elsewhere: C++ handles beyond ours, Python references beyond the script's, or one tensor in two slots
        return any(o is not None and (o["use_count"] > 1 or o["refs"] > 0 or o["slots"] > 1) for o in seen["outputs"])

    def suggested_fix(self, op, detail, output_index) -> str:
        return (
            f"output {output_index or 0} is a TensorImpl something else still holds (use_count {detail.get('use_count')}): "
            "return a fresh tensor (e.g. a clone of what is kept) or declare the output an alias of what holds it"
        )


INVARIANT = TensorImplUseCount()
