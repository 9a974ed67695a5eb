"""How much of ATen a fuzz run reached: eligible overloads with N valid examples of their own target.

Eligible: a CPU or CompositeExplicitAutograd kernel, not
CompositeImplicitAutograd (``reachable.eligible``). This is the one ATen
coverage figure: there is no separate coverage run.
The figure is only meaningful for a run that had every overload the schema
can drive as a target (``--all-aten`` or ``--ops 'aten::*'``); for any
other run it is None. Every unreached overload comes with why.
"""
from __future__ import annotations

REACHED_VALID = 5


def aten_coverage(ops: list[dict], targets, examples: int = REACHED_VALID) -> dict | None:
    from opprop.check import catalog
    from opprop.listing import reachable

    drivable = reachable.schema_targets()
    listed = set(targets)
    if not drivable or not set(drivable) <= listed:
        return None
    by_name = {o["name"]: o for o in ops}
    reached, unreached = [], []
    for op in reachable.registered_aten_overloads():
        if not reachable.eligible(op):
            continue
        name = catalog.qualified_name(op)
        row = by_name.get(name)
        if row is not None and row.get("valid", 0) >= examples:
            reached.append(row)
            continue
        why = reachable.why_unreachable(op)
        if why is None and row is None:
            why = "not a target"
        elif why is None:
            why = _why_unreached(row)
        unreached.append({"name": name, "valid": row.get("valid", 0) if row else 0,
                          "examples": row.get("examples", 0) if row else 0, "why": why})
    tried = sum(r.get("examples", 0) for r in reached)
    valid = sum(r.get("valid", 0) for r in reached)
    eligible = len(reached) + len(unreached)
    return {
        "examples_needed": examples,
        "eligible": eligible,
        "reached": len(reached),
        "reached_fraction": round(len(reached) / eligible, 4) if eligible else 0.0,
        "valid_rate_reached": round(valid / tried, 4) if tried else 0.0,
        "unreached": unreached,
    }


def _why_unreached(row: dict) -> str:
    if row.get("status") == "not_run":
        return "not run (budget spent)"
    if row.get("error"):
        return row["error"]
    kinds = row.get("error_kinds") or {}
    if kinds:
        top = max(kinds, key=kinds.get)
        return f"rejected: {top}"
    return f"{row.get('status')}: too few examples in its share of the budget"
