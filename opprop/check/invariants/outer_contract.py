"""A CompositeImplicitAutograd target, checked around its whole call, breaks its own schema's contract.

A dispatch mode meets a CompositeImplicitAutograd op only as the kernels
its decomposition calls, each checked against its own schema; what the
whole op does to its arguments (writes one its schema calls read-only,
returns one, returns an output aliasing one without an annotation) is seen
by no mode, nor by SchemaCheckMode. When such an op is the target,
``opprop.check.outer`` snapshots its arguments around the whole call and
this invariant reads the call against the op's own schema, with the
mutation, aliasing and returns-input contracts' own checks. A finding names
the contract it broke and says it was checked at the outer op.
"""
from __future__ import annotations

from opprop.check.invariants.base import Invariant, alias_fix
from opprop.check.invariants import returns_input, undeclared_alias, undeclared_mutation

ID = "outer_contract"
CHECKED_AT = "outer op (CompositeImplicitAutograd, around the whole call)"
# the contracts read at the outer op, each by its own invariant's check
CONTRACTS = (undeclared_mutation.INVARIANT, undeclared_alias.INVARIANT, returns_input.INVARIANT)


class OuterContract(Invariant):
    id = ID
    rank = 80
    broken_when = ("a CompositeImplicitAutograd target, checked around its whole call, writes an argument its schema calls "
                   "read-only, returns one, or returns an output aliasing one without an alias annotation")
    before = staticmethod(undeclared_mutation.INVARIANT.before)  # the arguments' states, as the mutation check takes them

    def applies(self, kind) -> bool:
        """Never planned in the dispatch mode: ``opprop.check.outer`` runs it around a whole target call (a CIA op
        that reaches dispatch whole, below autograd, gets the ordinary invariants there)."""
        return False

    def check(self, call):
        """Each contract's own check on the whole call; ``call.state[ID]`` is the arguments' states before it."""
        call.state.setdefault(undeclared_mutation.ID, call.state.get(ID))
        for contract in CONTRACTS:
            if not contract.applies(call.kind):
                continue
            for output_index, detail in contract.check(call):
                yield output_index, {"contract": contract.id, **detail, "checked_at": CHECKED_AT}

    def repro_facts(self, func, kind) -> dict:
        return returns_input.INVARIANT.repro_facts(func, kind)

    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
        # the script calls the op itself, so what it measures is the whole call: any of the three contracts
        mutated = any(changed and name not in facts["mutable"] for name, changed in seen["inputs"].items())
        may_return = facts.get("may_return", {})
        returned = not facts["mutable"] and any(o is not None and o["is"] - set(may_return.get(j, ())) for j, o in enumerate(seen["outputs"]))
        aliased = any(o is not None and (o["overlaps"] - set(facts["may_alias"]) or (o["overlaps_outputs"] and not facts["outputs_may_alias"]))
                      for o in seen["outputs"])
        return mutated or returned or aliased

    def suggested_fix(self, op, detail, output_index) -> str:
        if detail.get("contract") == undeclared_mutation.ID:
            return undeclared_mutation.INVARIANT.suggested_fix(op, detail, output_index)
        return alias_fix(op, detail.get("is_input") or detail.get("overlaps"), output_index)


INVARIANT = OuterContract()
