"""A tensor argument, mutable or not, leaves the call on a different StorageImpl.

The codegen's storage pointer check (NOTE "TensorImpl and Storage Pointer
Sanity Checks" in tools/autograd/gen_variable_type.py): in-place and out=
ops write their arguments' data and may resize them, but never swap the
StorageImpl under them. Upstream exempts ``set_`` (its job is to swap it);
opprop ledgers it instead (expected/ledger.toml).
"""
from __future__ import annotations

import torch

from opprop.check.aliasing import storage_of
from opprop.check.invariants.base import Invariant
from opprop.check.probe import PLAIN_TYPES

ID = "storage_replaced"
_PLAIN = PLAIN_TYPES
_strided = torch.strided


class StorageReplaced(Invariant):
    id = ID
    rank = 60
    broken_when = "a tensor argument (mutable or not, in-place and out= included) leaves the call on a different StorageImpl"

    def before(self, inputs, kind, snapshot_all):
        found = []
        for _, t in inputs:  # _storage inlined: this runs on every call
            if type(t) in _PLAIN and t.layout is _strided:
                try:
                    found.append(t.untyped_storage())
                    continue
                except (RuntimeError, NotImplementedError):
                    pass
            found.append(None)
        return found

    def screen(self, inputs, outputs, state, prepared):
        for (_, t), storage in zip(inputs, state):
            if storage is not None and t.untyped_storage() is not storage:
                return False
        return True

    def check(self, call):
        names = call.kind.arg_names
        for (i, t), storage in zip(call.inputs, call.state[ID]):
            if storage is not None and storage_of(t) is not storage:
                yield None, {"argument": names[i] if i < len(names) else f"arg{i}", "mutable": i in call.kind.mutable_args}

    @staticmethod
    def repro_state(inputs):
        # each input's storage object: while it is held, its identity is the StorageImpl's
        return {name: t.untyped_storage() for name, t in inputs.items() if t.layout == torch.strided}

    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
        broken = False
        for name, storage in state.items():
            replaced = inputs[name].untyped_storage() is not storage
            print(f"input {name}: StorageImpl {'replaced' if replaced else 'kept'}")
            broken = broken or replaced
        return broken

    def suggested_fix(self, op, detail, output_index) -> str:
        argument = detail.get("argument")
        return (
            f"argument {argument!r} leaves the call on another StorageImpl: write into its storage (resize it in place "
            "if needed) instead of swapping it, or return the new storage in a fresh tensor"
        )


INVARIANT = StorageReplaced()
