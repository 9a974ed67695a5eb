"""What autograd and module targets reach beyond op_db's forward calls: the figures ``opprop list --json`` gives.

Each OpInfo row holds the overloads its samples reach forward (one dtype);
``backward_overloads`` adds those the same samples reach only when their
backward runs (every differentiable input requiring grad). Each module row
(``reachable.module_rows``) holds what its fixed examples reach (forward and
backward, train and eval, float32). ``summary`` turns the rows into two
counts: overloads reached only through backward, and only through modules.
"""
from __future__ import annotations

from opprop.check import catalog
from opprop.core.calls import Call
from opprop.explore.session import Exploration
from opprop.generators import grad
from opprop.generators.opinfo import SampleChange, apply, pristine_samples
from opprop.explore.target import Target

COMMAND = "opprop list --json"


def backward_calls(opinfo, device: str, dtype):
    """The OpInfo's samples for ``dtype``, each with a backward pass over all its differentiable tensors."""
    if dtype not in grad.backward_dtypes(opinfo, device):
        return
    name = catalog.opinfo_id(opinfo)
    for sample in pristine_samples(name, dtype, device):
        wrt = tuple(range(len(grad.differentiable(sample))))
        if not wrt:
            continue
        change = SampleChange(grad=grad.BACKWARD, wrt=wrt)
        input_, args, kwargs = apply(sample, change)
        yield Call(name, grad.Pass(opinfo.op, grad.BACKWARD, wrt), (input_, *args), kwargs, source="opinfo-sample + backward")


def backward_only_overloads(opinfo, device: str, dtype, forward: set) -> list[str]:
    """Overloads the samples' backward reaches that their forward (``forward``) does not."""
    session = Exploration(Target(catalog.opinfo_id(opinfo), "opinfo", opinfo), device=device)
    session.run_samples(calls=backward_calls(opinfo, device, dtype))
    return sorted(set(session.sample_stats.reached) - forward)


def summary(rows: list[dict]) -> dict:
    """Overloads reached only through backward (of op_db's samples), and only through modules."""
    opinfo_rows = [r for r in rows if r.get("kind") != "module"]
    forward = {o["name"] for r in opinfo_rows for o in r["overloads"]}
    backward = {n for r in opinfo_rows for n in r.get("backward_overloads", ())}
    module = {o["name"] for r in rows if r.get("kind") == "module" for o in r["overloads"]}
    backward_only = sorted(backward - forward)
    modules_only = sorted(module - forward - backward)
    return {
        "backward_only": {
            "count": len(backward_only),
            "what": "ATen overloads the backward of OpInfo samples reaches (one dtype per OpInfo, every differentiable input requiring grad) that no OpInfo's forward samples reach",
            "command": COMMAND,
            "overloads": backward_only,
        },
        "modules_only": {
            "count": len(modules_only),
            "what": "ATen overloads the ModuleInfo modules' fixed examples reach (forward and backward, train and eval, float32) that no OpInfo sample reaches, forward or backward",
            "command": COMMAND,
            "overloads": modules_only,
        },
        "opinfos": len(opinfo_rows),
        "modules": len(rows) - len(opinfo_rows),
    }


def module_summary(rows: list[dict], examples: int) -> dict:
    """Share of modules reaching ``examples`` valid drawn examples (issue 15 asks for 95%)."""
    measured = [r for r in rows if r.get("kind") == "module" and "coverage" in r]
    reached = [r["op"] for r in measured if r["coverage"]["reached_target"]]
    return {
        "modules_measured": len(measured),
        "reached_target": len(reached),
        "reached_fraction": round(len(reached) / len(measured), 4) if measured else 0.0,
        "target_valid": examples,
        "short": sorted({r["op"] for r in measured} - set(reached)),
        "over_20pct_rejected": [r["op"] for r in measured if r["coverage"]["rejected_fraction"] > 0.2],
    }
