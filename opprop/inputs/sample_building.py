"""OpInfo sample generators made cheap outside a test suite: used by the fixed samples and the OpInfo and module generators."""
from __future__ import annotations

import contextlib

import torch


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
        torch.manual_seed = lambda seed: seed_generators("cpu", seed)
    for m in walkers:
        m.extract_test_fn = _no_test_case
    try:
        yield
    finally:
        torch.manual_seed = full_seed
        for m, f in zip(walkers, full_extract):
            m.extract_test_fn = f


def seed_generators(device: str, seed: int) -> None:
    """``torch.manual_seed(seed)`` for what a build on ``device`` draws from: on CPU the CPU generator alone, the same
    values without the lazy CUDA/XPU/MTIA seeds it queues, each recording a Python stack (0.6 ms a call)."""
    if torch.device(device).type == "cpu":
        torch.default_generator.manual_seed(int(seed))
    else:
        torch.manual_seed(seed)


def _no_test_case():
    return None
