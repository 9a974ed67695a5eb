"""An output of a non-view op shares its StorageImpl (the codegen's StorageImpl use_count assert)."""
from __future__ import annotations

from opprop.check import probe
from opprop.check.invariants.base import Invariant

ID = "storageimpl_use_count"


class StorageImplUseCount(Invariant):
    id = ID
    rank = 20
    broken_when = "an output of a non-mutating, non-view op has StorageImpl use_count > 1"

    def applies(self, kind) -> bool:
        # as the TensorImpl assert, and skipped for views, whose outputs share storage by definition
        return not kind.mutable and not kind.composite_implicit and not kind.view

    def check(self, call):
        seen = set()
        for j, t in call.outputs:
            if t is None or id(t) in seen or not probe.has_storage(t):
                continue
            seen.add(id(t))
            count = probe.storageimpl_use_count(t)
            if count > 1:
                yield j, {"storage_use_count": count}

    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
        return any(o is not None and (o["storage"] or 0) > 1 for o in seen["outputs"])

    def suggested_fix(self, op, detail, output_index) -> str:
        return (
            f"output {output_index or 0} shares its StorageImpl (use_count {detail.get('storage_use_count')}): "
            "allocate fresh storage, or declare the op a view of the input in its schema"
        )


INVARIANT = StorageImplUseCount()
