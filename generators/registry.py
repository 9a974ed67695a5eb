"""The registry of edge-mode generators, one per family of ops where the bugs hide."""
from __future__ import annotations

import dataclasses
import importlib
from typing import Callable, Iterable

FAMILIES = ("quantized", "output_mask", "embedding_bag", "rnn", "channel_shuffle", "lu_unpack", "unsafe_split", "dropout")  # modules under generators/ that register edge generators

_REGISTRY: dict[str, "EdgeGenerator"] = {}


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
        )
        return samples

    return register


def all_edge_generators() -> dict[str, EdgeGenerator]:
    for family in FAMILIES:
        importlib.import_module(f"{__package__}.{family}")
    return dict(_REGISTRY)


def generators_for(overload_name: str) -> list[EdgeGenerator]:
    """Edge generators that target an overload (``aten::dequantize.self``) or its packet (``aten::dequantize``)."""
    base = overload_name.split(".")[0]
    return [g for g in all_edge_generators().values() if overload_name in g.targets or base in g.targets]
