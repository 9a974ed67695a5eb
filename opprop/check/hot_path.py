"""The hot path in C++ (``hot_path.cpp`` and its parts), compiled on first use; the Python functions stay the reference.

``dispatch`` runs a whole checked call whose plan is all the fused path, over
plain tensors, when the screen clears it, and hands anything else to the Python
path: before the op runs (``NOT_TAKEN``), or after it, from the op's result on
(a ``HandedOn`` it returns, never state kept on the mode: see mode.py).
``take_states`` and ``clean`` answer what ``snapshots.take_states`` and
``screen.reference_clears`` answer, for the common call (plain strided CPU tensors of
whole-byte dtypes; a large input's digest or kept buffer is made and compared by
the Python helpers it calls), or decline with None, and the Python functions
then run. An exception of opprop's own reads makes them decline; a
KeyboardInterrupt or any other BaseException propagates, as on the Python path.
Measured on the training steps of the ``real`` benchmark part, those two
functions were nine tenths of what opprop adds to a do-nothing mode.

The source is compiled the first time a mode is made (about 20 s;
``python -m opprop.check.hot_path`` builds it ahead), by ``extension_build``: in a
child process and a private directory, moved into the cache whole, under a lock
that dies with its holder, so no interrupted build can block a later one. Where
that fails (no compiler, no ninja, a cache that cannot be written, another
process's build past the wait) or ``OPPROP_HOT_PATH=0`` says not to, the Python
functions do all the work, and ``why_not`` says why in one line (``status``).
"""
from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

from opprop.check import extension_build

SOURCE = Path(__file__).with_name("hot_path.cpp")
PARTS = (SOURCE, *(SOURCE.with_name(f"hot_path_{part}.h") for part in ("bytes", "common", "states", "screen")))  # one unit
module = None  # the compiled module, once loaded
NOT_TAKEN = object()  # what module.dispatch returns for a call it leaves to the Python path (see mode.py)


class HandedOn(tuple):
    """What module.dispatch returns for a call whose op ran and whose screen did not clear it:
    (plan, out, inputs, before, storages), for the Python path to take from the op's result on."""

    __slots__ = ()


why_not: str | None = None  # why there is none, once that is known
_tried = False
_loading = threading.Lock()  # one load per process, whichever thread makes the first mode


def load() -> object | None:
    """The compiled module, built on the first call when it is not in the cache yet; None where it cannot be."""
    global module, why_not, _tried
    if _tried:
        return module
    with _loading:
        if _tried:
            return module
        module, why_not = _load()  # an interrupt here propagates, and the next mode tries again
        _tried = True
    return module


def _load() -> tuple[object | None, str | None]:
    if os.environ.get("OPPROP_HOT_PATH", "1") == "0":
        return None, "OPPROP_HOT_PATH=0"
    try:
        built = extension_build.obtain({part.name: part.read_bytes() for part in PARTS}, SOURCE.name)
    except extension_build.Unavailable as e:
        return None, str(e)
    except Exception as e:  # noqa: BLE001  (any failure to build or load leaves the Python path, with its reason)
        return None, f"{type(e).__name__}: {(str(e).strip().splitlines() or [''])[-1][:200]}"
    import torch

    from opprop.check import snapshots

    built.configure(snapshots.KEEP_BUFFERS, torch._C._overlaps, snapshots.large_state, snapshots.same_bytes, NOT_TAKEN, HandedOn,
                    snapshots.InputState, snapshots.Metadata)
    return built, None


def status() -> str:
    """One line on which hot path runs, for the faces to print once: the compiled one, or the Python one and why."""
    load()
    if module is not None:
        return "opprop: compiled hot path"
    return f"opprop: compiled hot path unavailable ({why_not}); the Python path does the same checks, slower"


def plan_of(plan) -> object | None:
    """The compiled form of a CheckPlan's screen settings, or None without the module (or for a plan it cannot take)."""
    if module is None:
        return None
    return module.make_plan(
        plan.tensorimpl, plan.storageimpl, plan.alias, plan.returns_input,
        [sorted(allowed) for allowed in plan.may_alias_inputs],
        None if plan.views is None else {j: sorted(bases) for j, bases in plan.views.items()},
        [tuple(pair) for pair in plan.allowed_out_out],
        sorted(plan.aliased_list_returns),
        plan.fused_befores and not plan.befores and not plan.screens and not plan.unscreened,  # all of it on the fused path
        plan.kind.name, plan.call, list(plan.kind.tensor_args), list(plan.kind.mutable_args), list(plan.kind.arg_names),
        None if plan.written is None else {j: sorted(named) for j, named in plan.written.items()},
    )


if __name__ == "__main__":  # python -m opprop.check.hot_path: build it now (CI does, before its tests)
    if load() is None:
        print(f"opprop: the compiled hot path is not available: {why_not}", file=sys.stderr)
        sys.exit(1)
    print(f"opprop: the compiled hot path is {module.__file__}")
