"""The quantized engine a call runs under (x86, onednn, fbgemm, qnnpack): the one place that draws, sets and records it.

The engine in effect when a weight is packed decides which kernels exist
for it, and some consumers ask the engine again when called: under the
default engine ``quantized::conv2d_add`` and ``linear_leaky_relu`` (onednn
only), ``sparse::qlinear`` (fbgemm) and ``sparse::qlinear_dynamic``
(qnnpack) take no call at all. So a call of an op that takes or makes a
packed weight draws its engine, the default first (where shrinking ends),
runs its producers and itself under it, and puts the engine in effect
before back afterwards. A call captured under another engine than the
default keeps it (``CallSpec.engine``), and its repro sets it.
"""
from __future__ import annotations

import contextlib
import functools

import torch

DEFAULT = torch.backends.quantized.engine  # what a fresh interpreter runs under: a repro need not set it
# Packed weights: TorchScript classes an engine packs (quantized and sparse linear and conv weights, embedding tables,
# quantized RNN cell parameters). A process group, a Work or mkldnn's ConvOpContext reads no quantized engine.
PACKED_CLASSES = ("__torch__.torch.classes.quantized.", "__torch__.torch.classes.sparse.", "__torch__.torch.classes.rnn.")
CHOICE = "quantized_engine"  # the choice's name in a draw's choices, its validity record and the schedule's columns


def engines() -> tuple[str, ...]:
    """The engines this build supports, the default first."""
    supported = [e for e in torch.backends.quantized.supported_engines if e not in ("none", DEFAULT)]
    return (DEFAULT, *supported)


@functools.lru_cache(maxsize=None)
def drawn_for(op) -> bool:
    """Whether a call of ``op`` (an ``OpOverload``) draws its engine: an argument or a return is a packed weight."""
    schema = op._schema
    types = [str(a.real_type) for a in schema.arguments] + [str(r.type) for r in schema.returns]
    return any(prefix in t for t in types for prefix in PACKED_CLASSES)


def drawn(op, choose) -> str | None:
    """The engine a call of ``op`` runs under, chosen by ``choose(CHOICE, engines(), even=True)`` (a draw's: the default
    first, so shrinking ends at it, but no more often than another: an op that only onednn runs took 1 free draw in 8,
    too few in a short fuzz share); None where ``op`` takes and makes no packed weight: the engine in effect stays."""
    return choose(CHOICE, engines(), even=True) if drawn_for(op) else None


def recorded() -> str | None:
    """The engine in effect, as a captured call keeps it: None when it is the default."""
    engine = torch.backends.quantized.engine
    return None if engine == DEFAULT else engine


@contextlib.contextmanager
def using(engine: str | None):
    """Run under ``engine`` (None: leave the engine in effect alone); the engine before is back after, on an error too."""
    if engine is None:
        yield
        return
    before = torch.backends.quantized.engine
    torch.backends.quantized.engine = engine
    try:
        yield
    finally:
        torch.backends.quantized.engine = before


def script_lines(engine: str | None) -> list[str]:
    """What a repro script runs before building its inputs, so its producers and its call run under ``engine``."""
    if engine is None or engine == DEFAULT:
        return []
    return [f"torch.backends.quantized.engine = {engine!r}  # the quantized engine the call ran under"]
