"""What one overload needs checked, decided once per (snapshot policy, invariants) from the catalog."""
from __future__ import annotations

from torch._ops import OpOverload

from opprop.check import catalog, invariants, hot_path
from opprop.check.invariants.storage_replaced import ID as STORAGE_REPLACED
from opprop.check.invariants.view_copies import ID as VIEW_COPIES
from opprop.check.invariants.written_not_returned import ID as WRITTEN_NOT_RETURNED
from opprop.check.screen import FUSED_BEFORES, SCREENED


class CheckPlan:
    """What one overload needs checked, decided once from the catalog and the invariants."""

    __slots__ = (
        "func", "call", "kind", "checks", "befores", "screens", "unscreened", "records_entry_storages", "fused_befores", "with_data",
        "mutation_slot", "replaced_slot", "tensorimpl", "storageimpl", "alias", "returns_input", "mutation",
        "replaced", "views", "written", "may_alias_inputs", "allowed_out_out", "aliased_list_returns", "compiled",
    )

    def __init__(self, func: OpOverload, snapshot_all: bool, only):
        kind = catalog.classify(func)
        self.func = func
        # what OpOverload.__call__ runs, without its Python frame (paid by every call); a subclass
        # (TorchBindOpOverload) may dispatch in Python first, so it keeps its own __call__
        self.call = func._op if type(func) is OpOverload else func
        self.kind = kind
        chosen = [invariants.get(inv) for inv in kind.invariants if only is None or inv in only]
        self.checks = tuple((inv.id, inv.check) for inv in chosen)
        names = {inv.id for inv in chosen}
        self.tensorimpl = catalog.TENSOR_IMPL in names
        self.storageimpl = catalog.STORAGE_IMPL in names
        self.alias = catalog.UNDECLARED_ALIAS in names
        self.returns_input = catalog.RETURNS_INPUT in names
        self.mutation = catalog.UNDECLARED_MUTATION in names
        self.replaced = STORAGE_REPLACED in names
        # undeclared_mutation's before, with the same policy (a data clone off CPU only when asked or when the op writes)
        self.with_data = snapshot_all or kind.mutable
        # both fused befores apply (the usual case): the hot path takes them in one pass
        self.fused_befores = self.mutation and self.replaced
        # (invariant id, before) per other invariant that records state
        stateful = [inv for inv in chosen if inv.before is not None and not (self.fused_befores and inv.id in FUSED_BEFORES)]
        self.befores = tuple((inv.id, inv.before) for inv in stateful)
        slots = {inv.id: k for k, inv in enumerate(stateful)}
        self.mutation_slot = slots.get(catalog.UNDECLARED_MUTATION)  # where the fused screen finds them, unfused
        self.replaced_slot = slots.get(STORAGE_REPLACED)
        # (index into the states, screen, what it prepared for this overload) per invariant with a screen of its own
        self.screens = tuple(
            (slots.get(inv.id), inv.screen, inv.prepare(func, kind))
            for inv in chosen
            if inv.id not in SCREENED and inv.screen is not None
        )
        self.unscreened = any(inv.id not in SCREENED and inv.screen is None for inv in chosen)  # fail closed
        # view_copies: return index -> input positions it is declared a view of; None when no output is one
        # (its check then has nothing to look at)
        self.views = (invariants.get(VIEW_COPIES).prepare(func, kind) or None) if VIEW_COPIES in names else None
        # written_not_returned: return index -> the written arguments it must be; None when no return is written
        self.written = (invariants.get(WRITTEN_NOT_RETURNED).prepare(func, kind) or None) if WRITTEN_NOT_RETURNED in names else None
        # a mutating op: record what its written arguments sit on, so aliasing is read as it was on entry
        # (taken from storage_replaced's storages when those are taken anyway)
        self.records_entry_storages = kind.mutable and bool(chosen)
        # Per return index: the input positions the schema lets it alias (no overlap test for those).
        self.may_alias_inputs = tuple(
            frozenset(i for (jj, i) in kind.allowed_out_in if jj == j) for j in range(kind.n_returns)
        )
        self.allowed_out_out = kind.allowed_out_out
        self.aliased_list_returns = kind.aliased_list_returns
        # the compiled screen's settings, where the compiled hot path is loaded (hot_path.py); None: Python alone
        self.compiled = hot_path.plan_of(self)


PLANS: dict = {}  # the plans every mode with the same settings shares: (snapshot_all, only) -> {id(func): (func, CheckPlan or None)}


def _forget_plans() -> None:
    for plans in PLANS.values():  # cleared in place: modes hold these dicts
        plans.clear()


invariants.on_change(_forget_plans)  # a plan lists the invariants that were registered when it was made
