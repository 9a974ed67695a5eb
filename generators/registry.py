"""The registry of edge-mode generators, one per family of ops where the bugs hide.

Families are found, not listed: every module of the generators package is
imported, and each must register at least one edge generator, unless it
says it is not a family (``EDGE_FAMILY = False`` at module level: this
module, the OpInfo and schema generators). A module that does neither is an
error, so a family whose registration broke is never silently dropped.
"""
from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from typing import Callable, Iterable

EDGE_FAMILY = False

_REGISTRY: dict[str, "EdgeGenerator"] = {}


class RegistrationError(RuntimeError):
    """A module of the generators package registered no edge generator and did not say it is not a family."""


@dataclasses.dataclass(frozen=True)
class EdgeGenerator:
    """A named, documented source of calls aimed at one edge mode.

    ``samples(device)`` yields a few fixed, deterministic calls (what
    ``opprop check --samples-only`` runs); ``strategy(device)`` is the
    Hypothesis strategy of calls the property tests and fuzzing draw from.
    ``needs`` names a device the mode only exists on ("cuda"), if any.
    """

    name: str
    targets: tuple
    doc: str
    samples: Callable[[str], Iterable]
    strategy: Callable[[str], object] | None = None
    needs: str | None = None
    module: str = ""  # the family module that registered it

    def available_on(self, device: str) -> bool:
        return self.needs is None or device.startswith(self.needs)


def edge_generator(name: str, *, targets, strategy=None, needs=None):
    """Register the decorated ``samples(device)`` function as an edge generator."""

    def register(samples):
        if name in _REGISTRY:
            raise ValueError(f"edge generator {name!r} registered twice")
        _REGISTRY[name] = EdgeGenerator(
            name=name,
            targets=tuple(targets),
            doc=(samples.__doc__ or "").strip().splitlines()[0] if samples.__doc__ else "",
            samples=samples,
            strategy=strategy,
            needs=needs,
            module=samples.__module__,
        )
        return samples

    return register


def families(package: str = __package__) -> list[str]:
    """The family modules of ``package``, each imported and checked to have registered an edge generator."""
    pkg = importlib.import_module(package)
    found = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        name = f"{package}.{info.name}"
        module = importlib.import_module(name)
        if getattr(module, "EDGE_FAMILY", True) is False:
            continue
        if not any(g.module == name for g in _REGISTRY.values()):
            raise RegistrationError(
                f"{name} registers no edge generator: decorate its samples with @edge_generator, "
                "or set EDGE_FAMILY = False at module level if it is not an edge-generator family"
            )
        found.append(info.name)
    return found


_discovered: set = set()


def all_edge_generators(package: str | None = None) -> dict[str, EdgeGenerator]:
    """Every registered edge generator (this package's families, and those of modules ``--import`` loaded);
    with ``package``, that package's only."""
    name = package or __package__
    if name not in _discovered:
        families(name)
        _discovered.add(name)
    if package is None:
        return dict(_REGISTRY)
    return {n: g for n, g in _REGISTRY.items() if g.module.startswith(package + ".")}


def generators_for(overload_name: str) -> list[EdgeGenerator]:
    """Edge generators that target an overload (``aten::dequantize.self``) or its packet (``aten::dequantize``)."""
    base = overload_name.split(".")[0]
    return [g for g in all_edge_generators().values() if overload_name in g.targets or base in g.targets]
