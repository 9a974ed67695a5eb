"""What ``opprop fuzz`` runs: everything, unless ``--ops`` narrows it.

``fuzz_targets`` is the one list: every edge generator's overloads, every
OpInfo with dtypes on the device, every ModuleInfo module (``nn.LSTM``,
generators/modules.py), every eligible ATen overload the
schema alone can drive (``reachable.schema_targets``), every CompositeImplicitAutograd
overload it can drive, for its outer contract (``reachable.composite_targets``), every overload with no kernel that a
tensor subclass implements (``reachable.subclass_targets``: the jagged NestedTensor's table), and the same from every
other namespace on the build (``quantized::``, ``mkldnn::``, an
``--import``'s own) but those ``opprop/data/namespaces.toml`` leaves out,
with why (``opprop.listing.namespaces``); selection by
pattern and the shard split work on its names. A ``--ops`` pattern naming
overloads (``mylib::*``) also selects registered overloads outside the
list, custom namespaces included.
"""
from __future__ import annotations

import dataclasses
import fnmatch
import hashlib

from opprop.core.errors import UsageError


@dataclasses.dataclass(frozen=True)
class Targets:
    names: tuple  # edge-generator overloads first (where the known bugs are), then OpInfo ids, each once
    skipped: tuple  # (generator name, why) for generators this device lacks
    namespaces: tuple = ()  # one row per namespace beside aten: registered, targets, excluded (why, or "")


def fuzz_targets(device: str = "cpu", *, all_aten: bool = True, modules: bool = True, within: frozenset | None = None) -> Targets:
    """Every target; ``all_aten=False, modules=False`` leaves out the schema-only ATen overloads and the
    ModuleInfo modules (what the sweep was before they joined it: the throughput benchmark's fixed work).
    ``within``: only the overloads of these namespaces (``namespaces_named``), in the same order, without op_db's
    OpInfo ids and the ModuleInfo modules, which no ``ns::`` pattern can name (op_db alone takes seconds to import)."""
    from opprop.check import catalog
    from opprop.generators import all_edge_generators
    from opprop.generators.modules import module_targets

    def wanted(name: str) -> bool:
        return within is None or name.split("::", 1)[0] in within

    edge, skipped = [], []
    for g in sorted(all_edge_generators().values(), key=lambda g: g.name):
        mine = [t for t in g.targets if wanted(t)]
        if not g.available_on(device):
            if mine or within is None:
                skipped.append((g.name, f"needs {g.needs}"))
            continue
        for t in mine:
            op = catalog.overload_from_name(t)
            if op is not None:
                name = catalog.qualified_name(op)
                if name not in edge:
                    edge.append(name)
    opinfos = []
    for o in catalog.op_db() if within is None else ():
        if o.supported_dtypes(device):
            name = catalog.opinfo_id(o)
            if name not in opinfos:
                opinfos.append(name)
    ordered = edge + sorted(opinfos) + (module_targets(device) if modules and within is None else [])
    rows = []
    if all_aten and device == "cpu":  # schema draws build CPU tensors
        from opprop.listing import reachable

        for more in (reachable.schema_targets, reachable.composite_targets, reachable.subclass_targets) if within is None or "aten" in within else ():
            have = set(ordered)  # each overload once, where it is first listed
            ordered += [n for n in more() if n not in have]
        from opprop.listing import namespaces

        others, rows = namespaces.sweep(within)
        have = set(ordered)
        ordered += [n for n in others if n not in have]
    first = ledgered_targets(ordered)
    return Targets(tuple([n for n in ordered if n in first] + [n for n in ordered if n not in first]), tuple(skipped), tuple(rows))


def namespaces_named(patterns) -> frozenset | None:
    """The namespaces the ``--ops`` patterns are confined to, when each names one (``mylib::*``, ``aten::add.Tensor``),
    else None (an OpInfo id, a module, a pattern over namespaces)."""
    found = set()
    for pattern in patterns or ():
        namespace = pattern.split("::", 1)[0] if "::" in pattern else ""
        if not namespace or any(c in namespace for c in "*?["):
            return None
        found.add(namespace)
    return frozenset(found) or None


def overloads_matching(pattern: str) -> list[str]:
    """Overloads outside the default list that an overload pattern (``ns::...``) names.

    ATen: the eligible overloads the schema can drive (as ``--all-aten``
    adds), or any registered overload named exactly. Other namespaces
    (``mylib::*`` after ``--import``): every registered overload.
    """
    if "::" not in pattern:
        return []
    import torch

    from opprop.check import catalog
    from opprop.listing import reachable

    if pattern.startswith("aten::"):
        pool = reachable.schema_targets()
        if pattern not in pool and catalog.overload_from_name(pattern) is not None:
            pool = pool + [pattern]
    else:
        pool = sorted(n for n in torch._C._dispatch_get_all_op_names() if not n.startswith("aten::"))
    found = []
    for name in pool:
        if fnmatch.fnmatchcase(name, pattern):
            op = catalog.overload_from_name(name)
            if op is not None and catalog.qualified_name(op) == name:
                found.append(name)
    return found


def ledgered_targets(names) -> set:
    """Targets whose own aten op has a ledger entry: run first, so a short budget still rechecks known violations."""
    from opprop.check import catalog
    from opprop.core import ledger

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
    """Names matching any fnmatch pattern, in list order, then registered overloads only a pattern names.

    A pattern that matches nothing is a usage error.
    """
    if not patterns:
        return list(names)
    chosen, extra = set(), []
    for p in patterns:
        hits = [n for n in names if fnmatch.fnmatchcase(n, p)]
        more = [n for n in overloads_matching(p) if n not in chosen and n not in hits and n not in extra]
        if not hits and not more:
            raise UsageError(f"--ops pattern {p!r} matches no target")
        chosen.update(hits)
        extra += [n for n in more if n not in set(names)]
    return [n for n in names if n in chosen] + extra


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
