"""The hot path in C++ (``hot_path.cpp`` and its parts), compiled on first use; the Python functions stay the reference.

``dispatch`` runs a whole checked call whose plan is all the fused path, over
plain tensors, when the screen clears it, and hands anything else to the Python
path (before the op runs, or after it, from the op's result on).
``take_states`` and ``clean`` answer what ``snapshots.take_states`` and
``screen.screen`` answer, for the common call (plain strided CPU tensors of
whole-byte dtypes; a large input's digest or kept buffer is made and compared by
the Python helpers it calls), or decline with None, and the Python functions
then run.
Measured on the training steps of the ``real`` benchmark part, those two
functions were nine tenths of what opprop adds to a do-nothing mode.

The source is compiled with ``torch.utils.cpp_extension`` the first time a
mode is made (about 20 s; ``python -m opprop.check.native`` builds it ahead),
into torch's extension cache under a name made of the source and the torch and
Python versions: every checkout with the same source shares one build, and another
source or torch release gets its own. Where that fails (no compiler, no
headers) or ``OPPROP_NATIVE=0`` says not to, the Python functions do all the
work, and ``why_not`` says why.
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import torch

SOURCE = Path(__file__).with_name("hot_path.cpp")
PARTS = (SOURCE, *(SOURCE.with_name(f"hot_path_{part}.h") for part in ("common", "states", "screen")))  # one unit
module = None  # the compiled module, once loaded
NOT_TAKEN = object()  # what module.dispatch returns for a call it leaves to the Python path (see mode.py)
why_not: str | None = None  # why there is none, once that is known
_tried = False


def load() -> object | None:
    """The compiled module, built on the first call when it is not in the cache yet; None where it cannot be."""
    global module, why_not, _tried
    if _tried:
        return module
    _tried = True
    if os.environ.get("OPPROP_NATIVE", "1") == "0":
        why_not = "OPPROP_NATIVE=0"
        return None
    try:
        from torch.utils.cpp_extension import get_default_build_root, load as build

        sources = {part.name: part.read_bytes() for part in PARTS}
        abi = f"{torch.__version__} {sys.implementation.cache_tag}".encode()  # torch's and Python's ABI
        name = "opprop_hot_path_" + hashlib.sha1(b"".join(sources.values()) + abi).hexdigest()[:16]
        directory = Path(get_default_build_root()) / name
        directory.mkdir(parents=True, exist_ok=True)
        for part, text in sources.items():  # one path per build: ninja rebuilds whenever a source's path changes
            copy = directory / part
            if not copy.exists() or copy.read_bytes() != text:
                staged = directory / f".{part}.{os.getpid()}"
                staged.write_bytes(text)
                os.replace(staged, copy)  # whole, even with another process at the same step
        built = build(name, sources=[str(directory / SOURCE.name)], build_directory=str(directory), extra_cflags=["-O2"],
                      verbose=False)
    except Exception as e:  # noqa: BLE001  (any failure to build leaves the Python path, with its reason)
        why_not = f"{type(e).__name__}: {(str(e).strip().splitlines() or [''])[-1][:200]}"
        return None
    from opprop.check import snapshots

    built.configure(snapshots.KEEP_BUFFERS, torch._C._overlaps, snapshots._large_state, snapshots.same_bytes, NOT_TAKEN)
    module = built
    return module


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
        plan.fused and not plan.befores and not plan.screens and not plan.slow,  # all of it on the fused path
        plan.kind.name, plan.call, list(plan.kind.tensor_args), list(plan.kind.mutable_args), list(plan.kind.arg_names),
    )


if __name__ == "__main__":  # python -m opprop.check.native: build it now (CI does, before its tests)
    if load() is None:
        print(f"opprop: the compiled hot path is not available: {why_not}", file=sys.stderr)
        sys.exit(1)
    print(f"opprop: the compiled hot path is {module.__file__}")
