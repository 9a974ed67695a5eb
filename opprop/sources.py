"""Where calls come from for a target: OpInfo sample inputs and edge-mode generators' fixed samples."""
from __future__ import annotations

import contextlib
import warnings
from typing import Iterator

import torch
from torch._ops import OpOverload

from . import catalog
from .calls import Call


def supported_dtypes(opinfo, device: str) -> list:
    return sorted(opinfo.supported_dtypes(device), key=str)


@contextlib.contextmanager
def cpu_only_seeding(device: str):
    """``torch.manual_seed`` that seeds the CPU generator only, while CPU samples are built.

    Tracked sample iterators (linspace, logspace, ...) reseed before every
    sample, and ``torch.manual_seed`` also queues a lazy CUDA/XPU/MTIA seed,
    recording a Python stack each time: about 2 ms a sample, seconds for an
    OpInfo with a thousand samples. CPU samples draw only from the CPU
    generator, so they come out the same.
    """
    if torch.device(device).type != "cpu":
        yield
        return
    full = torch.manual_seed
    torch.manual_seed = lambda seed: torch.default_generator.manual_seed(int(seed))
    try:
        yield
    finally:
        torch.manual_seed = full


def opinfo_sample_calls(opinfo, device: str = "cpu", dtypes=None) -> Iterator[Call]:
    """Every sample input of an OpInfo, for every dtype it supports on ``device``."""
    name = catalog.opinfo_id(opinfo)
    for dtype in dtypes or supported_dtypes(opinfo, device):
        with warnings.catch_warnings(), cpu_only_seeding(device):
            warnings.simplefilter("ignore")
            samples = list(opinfo.sample_inputs(device, dtype, requires_grad=False))
        for s in samples:
            yield Call(name, opinfo.op, (s.input, *s.args), dict(s.kwargs), source="opinfo-sample")


def opinfos_for_overload(op: OpOverload) -> list:
    """OpInfos whose ATen name is this overload's packet (``aten::add.Tensor`` -> ``add``)."""
    base = op._schema.name.split("::", 1)[1]
    if base not in catalog.opinfo_aten_names():  # most overloads: no op_db import needed
        return []
    return [o for o in catalog.op_db() if o.aten_name == base]


def edge_sample_calls(overload_name: str, device: str = "cpu") -> Iterator[Call]:
    from opprop.generators import generators_for

    for g in generators_for(overload_name):
        if g.available_on(device):
            yield from g.samples(device)


def sample_calls(target, device: str = "cpu") -> Iterator[Call]:
    """The fixed calls for an OpInfo or an overload: what ``opprop check --samples-only`` runs."""
    if isinstance(target, OpOverload):
        yield from edge_sample_calls(catalog.qualified_name(target), device)
        for opinfo in opinfos_for_overload(target):
            yield from opinfo_sample_calls(opinfo, device)
    else:
        yield from opinfo_sample_calls(target, device)
        name = target.aten_name
        overload = catalog.overload_from_name("aten::" + name)
        if overload is not None:
            yield from edge_sample_calls(catalog.qualified_name(overload), device)


def target_name(target) -> str:
    return catalog.qualified_name(target) if isinstance(target, OpOverload) else catalog.opinfo_id(target)
