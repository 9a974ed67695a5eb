"""A non-mutating op hands back one of its inputs as the very same tensor."""
from __future__ import annotations

from opprop.check.invariants.base import Invariant, alias_fix

ID = "returns_input"


class ReturnsInput(Invariant):
    id = ID
    rank = 40
    broken_when = "a non-mutating op returns one of its inputs as the very same tensor"

    def applies(self, kind) -> bool:
        return not kind.mutable  # in-place and out= ops return their written argument by design

    def check(self, call):
        names = call.kind.arg_names
        for j, t in call.outputs:
            if t is None:
                continue
            for i, inp in call.inputs:
                if t is inp:
                    yield j, {"is_input": names[i] if i < len(names) else f"arg{i}"}

    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
        return any(o is not None and o["is"] for o in seen["outputs"])

    def suggested_fix(self, op, detail, output_index) -> str:
        return alias_fix(op, detail.get("is_input"), output_index)


INVARIANT = ReturnsInput()
