"""Fixed calls: OpInfo sample inputs and edge-mode generators' samples (``target.Target`` combines them per target)."""
from __future__ import annotations

import warnings
from typing import Iterator

import torch
from torch._ops import OpOverload

from opprop.check import catalog
from opprop.core.calls import Call, from_spec
from opprop.inputs import corpus
from opprop.generators import generators_for
from opprop.inputs.sample_building import sample_building


def supported_dtypes(opinfo, device: str) -> list:
    return sorted(opinfo.supported_dtypes(device), key=str)


def opinfo_sample_calls(opinfo, device: str = "cpu", dtypes=None) -> Iterator[Call]:
    """Every sample input of an OpInfo, for every dtype it supports on ``device``."""
    name = catalog.opinfo_id(opinfo)
    for dtype in dtypes or supported_dtypes(opinfo, device):
        with warnings.catch_warnings(), sample_building(device):
            warnings.simplefilter("ignore")
            samples = list(opinfo.sample_inputs(device, dtype, requires_grad=False))
        for s in samples:
            yield Call(name, opinfo.op, (s.input, *s.args), dict(s.kwargs), source="opinfo-sample")


def opinfos_for_overload(op: OpOverload) -> list:
    """OpInfos whose ATen name is this overload's packet (``aten::add.Tensor`` -> ``add``), for an ATen overload only:
    an OpInfo calls the ATen op, never ``quantized::linear`` or ``prims::add``, which share its name (their draws were
    dense ``F.linear`` calls, and probing its samples took seconds of a quantized conv's share before one example)."""
    namespace, base = op._schema.name.split("::", 1)
    if namespace != "aten" or base not in catalog.opinfo_aten_names():  # most overloads: no op_db import needed
        return []
    return [o for o in catalog.op_db() if o.aten_name == base]


def edge_sample_calls(overload_name: str, device: str = "cpu") -> Iterator[Call]:
    for g in generators_for(overload_name):
        if g.available_on(device):
            yield from g.samples(device)


def corpus_sample_calls(op: OpOverload, device: str = "cpu") -> Iterator[Call]:
    """The active corpus's recorded calls of ``op`` (``--corpus``), rebuilt (recorded calls are built on CPU)."""
    if device != "cpu":
        return
    name = catalog.qualified_name(op)
    for spec in corpus.calls_for(name):
        yield from_spec(spec, fn=op, source="corpus")
