"""Fixed calls: OpInfo sample inputs and edge-mode generators' samples (``target.Target`` combines them per target)."""
from __future__ import annotations

import contextlib
import warnings
from typing import Iterator

import torch
from torch._ops import OpOverload

from opprop.ops import catalog
from opprop.inputs.calls import Call
from opprop.generators import generators_for


def supported_dtypes(opinfo, device: str) -> list:
    return sorted(opinfo.supported_dtypes(device), key=str)


@contextlib.contextmanager
def sample_building(device: str):
    """OpInfo sample generators made cheap, with the samples they would build outside a test suite.

    Every ``sample_inputs`` call wraps its samples in a ``TrackedInputIter``,
    which walks the Python stack with ``inspect.stack()`` looking for a
    running ``unittest.TestCase`` (tens of ms where the stack has frozen
    frames, as a ``python -m`` process's has), then reseeds before every
    sample (so does each sample's skip lookup), and ``torch.manual_seed`` also queues a lazy CUDA/XPU/MTIA seed,
    recording a Python stack each time: about 2 ms a sample, seconds for an
    OpInfo with a thousand. opprop runs in no TestCase, so the walk finds
    none; and on CPU seeding the CPU generator alone gives the same samples.
    (Inside a user's TestCase the walk would seed by the test's name: here the
    samples stay the same wherever opprop is called from.)
    """
    # Imported here: torch.testing._internal costs 1.7 s of CPU, which a run of overload targets never needs.
    from torch.testing._internal import common_utils
    from torch.testing._internal.opinfo import core

    walkers = (common_utils, core)  # each holds its own reference to extract_test_fn
    full_seed, full_extract = torch.manual_seed, [m.extract_test_fn for m in walkers]
    if torch.device(device).type == "cpu":
        torch.manual_seed = lambda seed: torch.default_generator.manual_seed(int(seed))
    for m in walkers:
        m.extract_test_fn = _no_test_case
    try:
        yield
    finally:
        torch.manual_seed = full_seed
        for m, f in zip(walkers, full_extract):
            m.extract_test_fn = f


def _no_test_case():
    return None


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
    """OpInfos whose ATen name is this overload's packet (``aten::add.Tensor`` -> ``add``)."""
    base = op._schema.name.split("::", 1)[1]
    if base not in catalog.opinfo_aten_names():  # most overloads: no op_db import needed
        return []
    return [o for o in catalog.op_db() if o.aten_name == base]


def edge_sample_calls(overload_name: str, device: str = "cpu") -> Iterator[Call]:
    for g in generators_for(overload_name):
        if g.available_on(device):
            yield from g.samples(device)
