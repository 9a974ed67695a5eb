"""Every op namespace on the build beside aten: what the default sweep adds from each, and which it leaves out and why.

The dispatcher's own list is the universe (``quantized::``, ``mkldnn::``,
an ``--import``'s ``mylib::``...), so a namespace that a torch build or an
import registers joins the sweep without a code change. A namespace is left
out only by an entry, with its reason, in ``opprop/data/namespaces.toml``;
within the rest, an overload is a target when the schema can drive it, by
the same rule as ATen's (``reachable.eligible`` and ``reachable.why_unreachable``).
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import torch

from opprop.check import catalog
from opprop.listing import reachable

EXCLUSIONS = Path(__file__).parents[1] / "data" / "namespaces.toml"


def excluded() -> dict[str, str]:
    """Namespace -> why the default sweep leaves it out."""
    return dict(tomllib.loads(EXCLUSIONS.read_text()).get("excluded", {}))


def registered() -> dict[str, list[str]]:
    """Namespace -> its registered overload names, for every namespace but aten."""
    found: dict[str, list[str]] = {}
    for name in sorted(torch._C._dispatch_get_all_op_names()):
        namespace = name.split("::", 1)[0]
        if namespace != "aten":
            found.setdefault(namespace, []).append(name)
    return found


def drivable(name: str) -> bool:
    """A CPU (or CompositeExplicitAutograd) kernel, not CompositeImplicitAutograd, and a schema the draws can fill."""
    op = catalog.overload_from_name(name)
    return op is not None and catalog.qualified_name(op) == name and reachable.eligible(op) and reachable.why_unreachable(op) is None


def sweep(within=None) -> tuple[list[str], list[dict]]:
    """(the targets the default sweep adds, one row per namespace: registered, targets, and why it is left out, if it is);
    ``within``: of these namespaces only."""
    left_out = excluded()
    names, rows = [], []
    for namespace, overloads in registered().items():
        if within is not None and namespace not in within:
            continue
        why = left_out.get(namespace, "")
        mine = [] if why else [n for n in overloads if drivable(n)]
        names += mine
        rows.append({"namespace": namespace, "registered": len(overloads), "targets": len(mine), "excluded": why})
    return names, rows


def excluded_lines(rows) -> list[str]:
    """One line per namespace left out, as ``--list`` and the fuzz summary print them."""
    return [f"excluded namespace {r['namespace']}:: ({r['registered']} overloads): {r['excluded']}" for r in rows if r["excluded"]]
