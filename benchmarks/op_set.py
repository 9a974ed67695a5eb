"""The fixed set of OpInfos the overhead benchmark times, and the rule that picked it.

Rule (applied once, result kept in ``op_set.txt``): take op_db's OpInfo ids
sorted by name, keep those that support float32 on CPU, take every
``STRIDE``-th of them, then keep an op only if its first ``SAMPLES_PER_OP``
float32 samples run plainly and under SchemaCheckMode without error and none
of the overloads they reach is random by the catalog and OpInfo does not
wrap the op in ``wrapper_set_seed`` (its own mark for random ops): random
ops would time different work, and reseeding, on every repeat. The kept list is committed so a torch
upgrade that changes op_db shows up as a diff, not as a silently new set.
"""
from __future__ import annotations

import warnings
from pathlib import Path

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from opprop.check import catalog

STRIDE = 3
SAMPLES_PER_OP = 4
KEPT = Path(__file__).with_name("op_set.txt")


class _Reached(TorchDispatchMode):
    """Records the overloads a call reaches (to ask the catalog whether any is random)."""

    def __init__(self):
        super().__init__()
        self.funcs = set()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.funcs.add(func)
        return func(*args, **(kwargs or {}))


def float32_samples(opinfo, limit: int = SAMPLES_PER_OP) -> list:
    """The first ``limit`` float32 CPU samples as (args, kwargs)."""
    from opprop.inputs.sample_building import sample_building

    with warnings.catch_warnings(), sample_building("cpu"):  # the samples opprop draws from, without torch's stack walk
        warnings.simplefilter("ignore")
        found = []
        for s in opinfo.sample_inputs("cpu", torch.float32, requires_grad=False):
            found.append(((s.input, *s.args), dict(s.kwargs)))
            if len(found) == limit:
                break
    return found


def candidates() -> list:
    """Every STRIDE-th float32-capable OpInfo id, in sorted order (the rule's static part)."""
    ids = sorted(catalog.opinfo_id(o) for o in catalog.op_db() if torch.float32 in o.supported_dtypes("cpu"))
    return ids[::STRIDE]


def _reseeds(opinfo) -> bool:
    code = getattr(opinfo.op, "__code__", None)
    return code is not None and "wrapper_set_seed" in code.co_names


def _runs_cleanly(opinfo) -> bool:
    from torch._subclasses.schema_check_mode import SchemaCheckMode

    if _reseeds(opinfo):
        return False
    try:
        samples = float32_samples(opinfo)
        if not samples:
            return False
        reached = _Reached()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for args, kwargs in samples:
                opinfo.op(*args, **kwargs)
                with reached:
                    opinfo.op(*args, **kwargs)
                with SchemaCheckMode():
                    opinfo.op(*args, **kwargs)
    except Exception:
        return False
    return not any(catalog.classify(f).random for f in reached.funcs if isinstance(f, torch._ops.OpOverload))


def pick() -> list:
    """Apply the whole rule now (seconds): the ids it keeps, sorted."""
    by_id = catalog.opinfos_by_id()
    return [name for name in candidates() if _runs_cleanly(by_id[name])]


def kept() -> list:
    """The committed set (``op_set.txt``); the benchmark times exactly these."""
    return [line.strip() for line in KEPT.read_text().splitlines() if line.strip() and not line.startswith("#")]


def write_kept() -> None:
    names = pick()
    header = f"# OpInfo ids picked by benchmarks/op_set.py (STRIDE={STRIDE}, SAMPLES_PER_OP={SAMPLES_PER_OP}) on torch {torch.__version__}\n"
    KEPT.write_text(header + "\n".join(names) + "\n")


if __name__ == "__main__":
    write_kept()
    print(f"{len(kept())} ops kept in {KEPT}")
