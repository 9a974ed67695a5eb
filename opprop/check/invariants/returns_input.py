"""A non-mutating op hands back one of its inputs as the very same tensor."""
from __future__ import annotations

from opprop.check.invariants.base import Invariant, alias_fix

ID = "returns_input"


def may_return(kind) -> frozenset:
    """(output, input) pairs where handing back the input itself is the op's documented contract.

    Only for a CompositeImplicitAutograd op whose schema lets that output
    alias that input (``to``, ``contiguous``, ``type_as`` return ``self`` when
    there is nothing to do): upstream's debug asserts skip such ops, and a
    dispatch mode meets them whole only below autograd (a compiled graph's
    runtime). Any other op returning its input still breaks the invariant.
    """
    return kind.allowed_out_in if kind.composite_implicit else frozenset()


class ReturnsInput(Invariant):
    id = ID
    rank = 40
    broken_when = "a non-mutating op returns one of its inputs as the very same tensor"

    def applies(self, kind) -> bool:
        return not kind.mutable  # in-place and out= ops return their written argument by design

    def check(self, call):
        names = call.kind.arg_names
        allowed = may_return(call.kind)
        for j, t in call.outputs:
            if t is None or any(t is inp for i, inp in call.inputs if (j, i) in allowed):
                continue  # the input it may return, also passed as another argument: still that input
            for i, inp in call.inputs:
                if t is inp and (j, i) not in allowed:
                    yield j, {"is_input": names[i] if i < len(names) else f"arg{i}"}

    def repro_facts(self, func, kind) -> dict:
        names = kind.arg_names
        returns: dict = {}
        for j, i in sorted(may_return(kind)):
            returns.setdefault(j, []).append(names[i])
        return {"may_return": returns}

    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
        may_return = facts.get("may_return", {})
        return any(o is not None and o["is"] - set(may_return.get(j, ())) for j, o in enumerate(seen["outputs"]))

    def suggested_fix(self, op, detail, output_index) -> str:
        return alias_fix(op, detail.get("is_input"), output_index)


INVARIANT = ReturnsInput()
