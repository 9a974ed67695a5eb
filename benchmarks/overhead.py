"""Checking overhead: each sample of the fixed op set timed four ways, interleaved.

Ways: ``plain`` (the call itself), ``floor`` (under a do-nothing
TorchDispatchMode: the unavoidable cost of intercepting), ``opprop``
(InvariantMode, every registered invariant, default snapshot policy) and
``schema_check`` (PyTorch's SchemaCheckMode); with a baseline (an earlier
revision's InvariantMode, see ``baseline.py``) a fifth, ``baseline``. Every
repeat runs the ways back to back, in an order shuffled afresh each round
(seeded), so machine drift (other processes on a shared box) and what one
way leaves in the caches for the next hit all alike; the reported time of a
way is the minimum over repeats. A fresh mode is entered per call, as
``run_call`` does.
"""
from __future__ import annotations

import dataclasses
import gc
import math
import random
import statistics
import time
import warnings

from torch._subclasses.schema_check_mode import SchemaCheckMode
from torch.utils._python_dispatch import TorchDispatchMode

from opprop.check import catalog
from opprop.check.mode import InvariantMode

from . import op_set

WAYS = ("plain", "floor", "opprop", "schema_check")
BASELINE_WAYS = WAYS + ("baseline",)
# The native engine (checking(engine="native"), opprop/check/native_engine.py), where it builds: ``native`` checks in a
# block, ``native_off`` runs the call with the engine's fallback registered and no block open ("imported, not
# checking"); ``plain`` then runs with nothing registered (``NativeRegistration`` switches before each way's clock).
NATIVE_WAYS = ("native", "native_off")


class NativeRegistration:
    """Whether the native engine's fallback is registered now, switched between ways outside their timing."""

    def __init__(self):
        from opprop.check import dispatch_hook

        self.hook = dispatch_hook.load()
        self.on = self.hook is not None  # load() registers it

    def ensure(self, on: bool) -> bool:
        """Make the registration ``on``; True when that changed it."""
        if self.hook is None or on == self.on:
            return False
        if on:
            self.hook.install_fallbacks()
        else:
            self.hook.uninstall_fallbacks()
        self.on = on
        return True

    def prepare(self, way: str) -> bool:
        """Before timing ``way``: the fallback registered for the native ways, nothing registered for plain. True when
        the registration changed: every operator's dispatch table was rewritten, and the caller runs the way once
        untimed (measured: timed cold after a switch, plain's calls on the op set came out 1.45 times native_off's)."""
        if way in NATIVE_WAYS:
            return self.ensure(True)
        if way == "plain":
            return self.ensure(False)
        return False


_registration = None


def native_registration():
    """The process's one NativeRegistration, or None where the native engine cannot run (``why_not`` says why)."""
    global _registration
    if _registration is None:
        from opprop.check import native_engine

        _registration = NativeRegistration() if native_engine.available() is None else False
    return _registration or None


class NullMode(TorchDispatchMode):
    """Intercepts every op and does nothing else: the floor any checking mode pays."""

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))


def timers_of(name: str, fn, args, kwargs, baseline_mode=None) -> dict:
    """Each way's timed callable for one sample (the native ways where the engine runs; ``baseline`` when given)."""
    def plain():
        fn(*args, **kwargs)

    def floor():
        with NullMode():
            fn(*args, **kwargs)

    def opprop():
        with InvariantMode(name):
            fn(*args, **kwargs)

    def schema_check():
        with SchemaCheckMode():
            fn(*args, **kwargs)

    timers = {"plain": plain, "floor": floor, "opprop": opprop, "schema_check": schema_check}
    if native_registration() is not None:
        from opprop.check.native_engine import NativeChecks

        def native():
            with NativeChecks(name):
                fn(*args, **kwargs)

        timers["native"], timers["native_off"] = native, plain
    if baseline_mode is not None:
        def baseline():
            with baseline_mode(name):
                fn(*args, **kwargs)

        timers["baseline"] = baseline
    return timers


def time_sample(name: str, fn, args, kwargs, repeats: int, baseline_mode=None) -> dict:
    """Minimum seconds per call of each way over ``repeats`` interleaved rounds."""
    timers = timers_of(name, fn, args, kwargs, baseline_mode)
    ways = tuple(timers)
    registration = native_registration()
    prepare = registration.prepare if registration is not None else (lambda way: False)
    for w, t in timers.items():  # warm up: plans, caches, lazy kernels
        prepare(w)
        t()
    prepare("plain")
    timers["plain"]()  # (warm again after the switch)
    # Batch very short calls so the clock's own cost stays small next to them.
    start = time.perf_counter()
    timers["plain"]()
    inner = max(1, min(50, int(20e-6 / max(time.perf_counter() - start, 1e-9))))
    best = {w: math.inf for w in ways}
    clock = time.perf_counter
    order = list(ways)
    shuffle = random.Random(0).shuffle  # the same orders every run
    for r in range(repeats):
        # A fresh order each round: a rotation of one order gives every way the same predecessor every round
        # (the floor always after plain, say), and whatever that predecessor leaves in the caches would weigh
        # on that way alone.
        shuffle(order)
        for w in order:
            t = timers[w]
            if prepare(w):
                t()  # warm again after the switch
            start = clock()
            for _ in range(inner):
                t()
            elapsed = (clock() - start) / inner
            if elapsed < best[w]:
                best[w] = elapsed
    return best


@dataclasses.dataclass
class OpTiming:
    name: str
    samples: int
    seconds: dict  # way -> summed best seconds over the op's samples

    def ratio(self, a: str, b: str) -> float:
        return self.seconds[a] / self.seconds[b]


def time_op(name: str, repeats: int, baseline_mode=None) -> OpTiming:
    opinfo = catalog.opinfos_by_id()[name]
    total = {w: 0.0 for w in (WAYS if baseline_mode is None else BASELINE_WAYS) + (NATIVE_WAYS if native_registration() else ())}
    samples = op_set.float32_samples(opinfo)
    for args, kwargs in samples:
        for w, s in time_sample(name, opinfo.op, args, kwargs, repeats, baseline_mode).items():
            total[w] += s
    return OpTiming(name, len(samples), total)


def run(names=None, repeats: int = 15, progress=None, baseline_mode=None) -> list:
    """Per op of ``names`` (default: the kept op set), its ``OpTiming``; ``baseline_mode`` adds the way ``baseline``."""
    names = op_set.kept() if names is None else names
    timings = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k, name in enumerate(names):
            gc.collect()
            gc.disable()
            try:
                timings.append(time_op(name, repeats, baseline_mode))
            finally:
                gc.enable()
            if progress:
                progress(k + 1, len(names), name)
    return timings


RATIOS = (("opprop", "floor"), ("opprop", "plain"), ("schema_check", "opprop"), ("floor", "plain"))
BASELINE_RATIOS = (("baseline", "floor"), ("opprop", "baseline"))
NATIVE_RATIOS = (("native", "plain"), ("native", "opprop"), ("native_off", "plain"))


def geomean(values) -> float:
    values = list(values)
    return math.exp(sum(math.log(v) for v in values) / len(values))


def summary(timings) -> dict:
    """Geometric mean and median over ops of each ratio."""
    found = {}
    with_baseline = all("baseline" in t.seconds for t in timings)
    with_native = all("native" in t.seconds for t in timings)
    for a, b in RATIOS + (BASELINE_RATIOS if with_baseline else ()) + (NATIVE_RATIOS if with_native else ()):
        values = [t.ratio(a, b) for t in timings]
        found[f"{a}/{b}"] = {"geomean": geomean(values), "median": statistics.median(values)}
    return found
