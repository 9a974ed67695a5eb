"""Deterministic tensors for edge generators: values from arange, so a drawn example replays exactly."""
from __future__ import annotations

import math

import torch


def ramp(shape, *, dtype=torch.float32, device="cpu", start=0.0, step=None):
    """``start, start+step, ...`` laid out in ``shape``; the default step keeps values in [start, start+1)."""
    n = math.prod(shape)
    step = (1.0 / max(n, 1)) if step is None else step
    return (torch.arange(n, dtype=torch.float64, device=device) * step + start).to(dtype).reshape(shape)


def index_ramp(n, high, *, device="cpu"):
    """``n`` int64 indices cycling through ``0..high-1``: always valid for a table of ``high`` rows."""
    return torch.arange(n, dtype=torch.long, device=device) % max(high, 1)
