"""An input the schema does not mark mutable changed size, stride, offset, storage or data."""
from __future__ import annotations

import torch

from opprop.check.snapshots import Snapshot, take_state
from opprop.check.invariants.base import Invariant

ID = "undeclared_mutation"


class UndeclaredMutation(Invariant):
    id = ID
    rank = 50
    broken_when = "an input the schema does not mark mutable changed size, stride, offset, storage or data"

    def before(self, inputs, kind, snapshot_all):
        """A state per input (``snapshots.take_state``); None for inputs the schema marks mutable.

        On CPU a byte copy (one memcpy); elsewhere a data clone only when
        ``snapshot_all`` or the op writes some argument (where a write to
        the wrong tensor is the likely bug).
        """
        mutable_args = kind.mutable_args
        with_data = snapshot_all or kind.mutable
        states = []
        for i, t in inputs:  # a loop, not a comprehension: on Python 3.11 that is one frame less
            states.append(None if i in mutable_args else take_state(t, with_data))
        return states

    def check(self, call):
        """Unless it shares storage with an argument the schema marks mutable (``torch.mul(a, b, out=a)`` changes
        ``self``), or only its version moved while another input on its storage changed more: views share their
        base's version counter, so that input's write bumped this one's (``bumped_by_another``, in C++ too)."""
        names = call.kind.arg_names
        changes = [(k, Snapshot(state).changed(call.inputs[k][1]) if state is not None else None)
                   for k, state in enumerate(call.state[ID])]
        for k, changed in changes:
            i, t = call.inputs[k]
            if not changed or call.aliasing.input_may_change(i, t):
                continue
            if changed == "version_counter" and any(
                    o != k and other not in (None, "version_counter") and call.aliasing.share_storage(t, call.inputs[o][1])
                    for o, other in changes):
                continue
            yield None, {"argument": names[i] if i < len(names) else f"arg{i}", "changed": changed}

    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
        return any(changed and name not in facts["mutable"] for name, changed in seen["inputs"].items())

    def suggested_fix(self, op, detail, output_index) -> str:
        return f"argument {detail.get('argument')!r} changes ({detail.get('changed')}): mark it Tensor(a!) in the schema, or stop writing it"


INVARIANT = UndeclaredMutation()
