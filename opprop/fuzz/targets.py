"""What ``opprop fuzz`` runs: every OpInfo with CPU dtypes and every edge generator's overloads.

``fuzz_targets`` is the one list; selection by pattern and the shard split work on its names.
"""
from __future__ import annotations

import dataclasses
import fnmatch
import hashlib

from ..errors import UsageError


@dataclasses.dataclass(frozen=True)
class Targets:
    names: tuple  # edge-generator overloads first (where the known bugs are), then OpInfo ids, each once
    skipped: tuple  # (generator name, why) for generators this device lacks


def fuzz_targets(device: str = "cpu") -> Targets:
    from opprop import catalog
    from opprop.generators import all_edge_generators

    edge, skipped = [], []
    for g in sorted(all_edge_generators().values(), key=lambda g: g.name):
        if not g.available_on(device):
            skipped.append((g.name, f"needs {g.needs}"))
            continue
        for t in g.targets:
            op = catalog.overload_from_name(t)
            if op is not None:
                name = catalog.qualified_name(op)
                if name not in edge:
                    edge.append(name)
    opinfos = []
    for o in catalog.op_db():
        if o.supported_dtypes(device):
            name = catalog.opinfo_id(o)
            if name not in opinfos:
                opinfos.append(name)
    ordered = edge + sorted(opinfos)
    first = ledgered_targets(ordered)
    return Targets(tuple([n for n in ordered if n in first] + [n for n in ordered if n not in first]), tuple(skipped))


def ledgered_targets(names) -> set:
    """Targets whose own aten op has a ledger entry: run first, so a short budget still rechecks known violations."""
    from opprop import catalog, ledger

    try:
        entries = ledger.load().entries.values()
    except ledger.LedgerError:
        return set()
    ops = {e.aten_op.split(".")[0] for e in entries}
    found = {e.found_via for e in entries if e.found_via in names}
    for n in names:
        if "::" in n:
            base = n.split(".")[0]
        else:
            opinfo = catalog.opinfos_by_id().get(n)
            base = "aten::" + opinfo.aten_name if opinfo is not None else n
        if base in ops:
            found.add(n)
    return found


def select(names, patterns) -> list[str]:
    """Names matching any fnmatch pattern; a pattern that matches nothing is a usage error."""
    if not patterns:
        return list(names)
    chosen = set()
    for p in patterns:
        hits = [n for n in names if fnmatch.fnmatchcase(n, p)]
        if not hits:
            raise UsageError(f"--ops pattern {p!r} matches no target")
        chosen.update(hits)
    return [n for n in names if n in chosen]


def parse_shard(text: str | None) -> tuple[int, int]:
    if text is None:
        return (1, 1)
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise UsageError(f"--shard {text!r}: want I/N, e.g. 1/4") from None
    if n < 1 or not 1 <= i <= n:
        raise UsageError(f"--shard {text!r}: want 1 <= I <= N")
    return (i, n)


def shard_of(name: str, n: int) -> int:
    """Stable across machines and Python runs (not ``hash()``): 1..n."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big") % n + 1


def shard(names, i: int, n: int) -> list[str]:
    return [x for x in names if shard_of(x, n) == i]
