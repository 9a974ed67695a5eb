"""Native routes: the checks in C++ at a dispatcher key (``opprop/check/dispatch_hook.cpp``), timed beside the Python mode.

Issue #40 asks which route gets opprop's checks below the cost of a Python
TorchDispatchMode. Each sample of the op set (``op_set.py``, float32, as the
overhead part) is timed these ways, interleaved in a fresh shuffled order each
round, a way's time its minimum over rounds:

- ``plain``, ``floor`` (a do-nothing TorchDispatchMode), ``opprop`` (InvariantMode, as the overhead part times it);
- ``adinplace_off`` / ``adinplace_on``: a boxed kernel registered on ADInplaceOrView for every overload the sample
  reaches (wrapping the op's own kernel where it has one), its thread-local switch off / on;
- ``fake_off`` / ``fake_on``: the fallback on the Fake key installed, the key out of / in this thread's TLS;
- ``generic_on``: the fallback on TESTING_ONLY_GenericMode, in TLS (above autograd);
- ``observer_on``: a thread-local RecordFunction callback with inputs and outputs.

Registrations are made and undone between timed calls (never inside one), so
``plain`` runs with nothing registered. Each "on" way drains the findings after
its call, as a block does at its end. The real training steps (``real.py``)
are timed with plain, floor, opprop (``checking()``), ``fake_on`` and
``adinplace_off`` / ``adinplace_on`` (every overload registered), and the
part also reports how long registering and unregistering every overload takes.
"""
from __future__ import annotations

import gc
import math
import random
import statistics
import time
import warnings

import torch

from opprop.check import catalog, dispatch_hook
from opprop.check.mode import InvariantMode

from . import op_set
from .overhead import NullMode, geomean, timers_of

WAYS = ("plain", "floor", "opprop", "adinplace_off", "adinplace_on", "fake_off", "fake_on", "generic_on", "observer_on")
REAL_WAYS = ("plain", "floor", "opprop", "adinplace_off", "adinplace_on", "fake_on")
NEEDS = {"adinplace_off": "adinplace", "adinplace_on": "adinplace", "fake_off": "fallbacks", "fake_on": "fallbacks",
         "generic_on": "fallbacks"}  # what each way needs registered; the others need nothing


class Registrations:
    """What is registered now: nothing, the ADInplaceOrView kernels for some overloads, or the two fallbacks."""

    def __init__(self, hook):
        self.hook = hook
        self.state = None
        self.names: list = []

    def ensure(self, state: str | None, names=()) -> bool:
        """Make ``state`` the registrations now; True when that changed anything."""
        if state == self.state and (state != "adinplace" or list(names) == self.names):
            return False
        self.hook.unregister_adinplace()
        self.hook.uninstall_fallbacks()
        if state == "adinplace":
            self.hook.register_adinplace(list(names), True)
        elif state == "fallbacks":
            self.hook.install_fallbacks()
        self.state, self.names = state, list(names)
        return True


def reached_names(fn, args, kwargs) -> list:
    """The overloads a call reaches at the Python key (what the kernels are registered on for it)."""
    reached = op_set._Reached()
    with reached:
        fn(*args, **kwargs)
    return sorted({catalog.qualified_name(f) for f in reached.funcs if isinstance(f, torch._ops.OpOverload)})


def _timers(name: str, fn, args, kwargs, hook) -> dict:
    def switched(on, off):
        def way():
            prior = on()
            try:
                fn(*args, **kwargs)
            finally:
                off(prior)
            hook.drain()

        return way

    common = timers_of(name, fn, args, kwargs)  # the overhead part's plain, floor and opprop ways
    plain, floor, opprop = common["plain"], common["floor"], common["opprop"]
    adinplace = switched(lambda: hook.set_adinplace(True), hook.set_adinplace)
    fake = switched(lambda: hook.include("fake", True), lambda p: hook.include("fake", p))
    generic = switched(lambda: hook.include("generic", True), lambda p: hook.include("generic", p))
    observer = switched(lambda: hook.set_observer(True), lambda p: hook.set_observer(False))
    return {"plain": plain, "floor": floor, "opprop": opprop, "adinplace_off": plain, "adinplace_on": adinplace,
            "fake_off": plain, "fake_on": fake, "generic_on": generic, "observer_on": observer}


def time_sample(name, fn, args, kwargs, repeats: int, hook, registrations: Registrations) -> dict:
    """Minimum seconds per call of each way over ``repeats`` interleaved rounds."""
    names = reached_names(fn, args, kwargs)
    timers = _timers(name, fn, args, kwargs, hook)
    for way, t in timers.items():  # warm up each way in its registrations
        registrations.ensure(NEEDS.get(way), names)
        t()
    registrations.ensure(None)
    start = time.perf_counter()
    timers["plain"]()
    inner = max(1, min(50, int(20e-6 / max(time.perf_counter() - start, 1e-9))))
    best = {w: math.inf for w in WAYS}
    order = list(WAYS)
    groups = [None, "adinplace", "fallbacks"]
    shuffle = random.Random(0).shuffle
    clock = time.perf_counter
    for _ in range(repeats):
        shuffle(order)
        shuffle(groups)
        order.sort(key=lambda w: groups.index(NEEDS.get(w)))  # one registration change per group, groups shuffled too
        for way in order:
            t = timers[way]
            if registrations.ensure(NEEDS.get(way), names):
                t()  # the first call after a change warms the new dispatch table, untimed
            start = clock()
            for _ in range(inner):
                t()
            elapsed = (clock() - start) / inner
            best[way] = min(best[way], elapsed)
    registrations.ensure(None)
    return best


def run_op_set(hook, names=None, repeats: int = 15, progress=None) -> list:
    """Per op of the kept op set: {"name", "samples", "seconds": {way: summed minimum seconds}}."""
    names = op_set.kept() if names is None else names
    registrations = Registrations(hook)
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k, name in enumerate(names):
            opinfo = catalog.opinfos_by_id()[name]
            total = {w: 0.0 for w in WAYS}
            samples = op_set.float32_samples(opinfo)
            gc.collect()
            gc.disable()
            try:
                for args, kwargs in samples:
                    for w, s in time_sample(name, opinfo.op, args, kwargs, repeats, hook, registrations).items():
                        total[w] += s
            finally:
                gc.enable()
            rows.append({"name": name, "samples": len(samples), "seconds": total})
            if progress:
                progress(k + 1, len(names), name)
    return rows


def registration_cost(hook) -> dict:
    """Seconds to register, and to undo, the ADInplaceOrView kernel on every overload (uncovered ones, then all)."""
    free, taken = dispatch_hook.uncovered_by_kernel_names()
    found = {"uncovered_ops": len(free), "ops_with_kernel": len(taken)}
    for label, names, wrap in (("uncovered", free, False), ("all", free + taken, True)):
        start = time.perf_counter()
        registered, wrapped, skipped = hook.register_adinplace(names, wrap)
        middle = time.perf_counter()
        hook.unregister_adinplace()
        found[label] = {"registered": registered, "wrapped": wrapped, "skipped": len(skipped),
                        "register_s": middle - start, "unregister_s": time.perf_counter() - middle}
    return found


TORCH_ONLY = ("nn_transformer", "nn_cnn")  # torch.nn alone: timed too, so the part runs where timm or transformers cannot


def build_step(name: str):
    """A training step of a ``real.py`` workload, or of a torch-only one (a 2-layer TransformerEncoder, a small CNN)."""
    from . import real

    if name not in TORCH_ONLY:
        return real.build(name)
    torch.manual_seed(0)
    nn = torch.nn
    if name == "nn_transformer":
        model = nn.Sequential(nn.TransformerEncoder(nn.TransformerEncoderLayer(64, 2, 128, batch_first=True), 2), nn.Linear(64, 10))
        x, target = torch.randn(real.BATCH, real.SEQUENCE, 64), torch.randint(0, 10, (real.BATCH, real.SEQUENCE))
        loss_of = lambda: nn.functional.cross_entropy(model(x).flatten(0, 1), target.flatten())  # noqa: E731
    else:
        model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
                              nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10))
        x, target = torch.randn(real.BATCH, 3, real.IMAGE, real.IMAGE), torch.randint(0, 10, (real.BATCH,))
        loss_of = lambda: nn.functional.cross_entropy(model(x), target)  # noqa: E731
    return real.training_step(model, loss_of)


def run_real(hook, rounds: int = 7, progress=None, names=None) -> dict:
    """Per training step of ``real.py``: the median seconds of each way, and the findings each checking way made."""
    import contextlib

    import opprop

    from . import real

    free, taken = dispatch_hook.uncovered_by_kernel_names()
    registrations = Registrations(hook)

    @contextlib.contextmanager
    def switched(on, off):
        prior = on()
        try:
            yield
        finally:
            off(prior)

    found = {"opprop": 0, "adinplace_on": 0, "fake_on": 0}

    @contextlib.contextmanager
    def checked():
        with opprop.checking() as result:
            yield
        found["opprop"] += len(result.findings)

    contexts = {"plain": contextlib.nullcontext, "floor": NullMode, "opprop": checked, "adinplace_off": contextlib.nullcontext,
                "adinplace_on": lambda: switched(lambda: hook.set_adinplace(True), hook.set_adinplace),
                "fake_on": lambda: switched(lambda: hook.include("fake", True), lambda p: hook.include("fake", p))}
    results = {}
    names = real.WORKLOADS + TORCH_ONLY if names is None else names
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k, workload in enumerate(names):
            try:
                step = build_step(workload)
            except Exception as e:  # noqa: BLE001  (a workload that cannot be built here: its error is its row)
                results[workload] = {"failed": f"{type(e).__name__}: {(str(e).strip().splitlines() or [''])[0][:160]}"}
                continue
            times = {w: [] for w in REAL_WAYS}
            order = list(REAL_WAYS)
            shuffle = random.Random(0).shuffle
            for round_ in range(rounds + 1):  # the first round warms every way up, untimed
                shuffle(order)
                for way in order:
                    registrations.ensure(NEEDS.get(way), free + taken)
                    gc.collect()
                    start = time.perf_counter()
                    with contexts[way]():
                        step()
                    elapsed = time.perf_counter() - start
                    if way in found and way != "opprop":
                        found[way] += len(hook.drain())
                    if round_:
                        times[way].append(elapsed)
            registrations.ensure(None)
            results[workload] = {w: statistics.median(t) for w, t in times.items()}
            if progress:
                progress(k + 1, len(names), workload)
    return {"workloads": results, "findings": found, "rounds": rounds}


def ratios(seconds_by_row, pairs) -> dict:
    """Geometric mean over rows of each ``a/b`` pair."""
    return {f"{a}/{b}": geomean(s[a] / s[b] for s in seconds_by_row) for a, b in pairs}


PAIRS = tuple((w, "plain") for w in WAYS if w != "plain") + tuple((w, "floor") for w in WAYS if w.endswith("_on")) + (
    ("adinplace_off", "plain"), ("fake_off", "plain"))


def run(repeats: int = 15, rounds: int = 7, progress=None, real_steps: bool = True) -> dict:
    hook = dispatch_hook.load()
    if hook is None:
        return {"failed": f"the dispatch hooks could not be built: {dispatch_hook.why_not}"}
    torch.set_num_threads(1)
    found = {"registration": registration_cost(hook)}
    rows = run_op_set(hook, repeats=repeats, progress=progress)
    found["op_set"] = {"repeats": repeats, "summary": ratios([r["seconds"] for r in rows], dict.fromkeys(PAIRS)), "ops": rows}
    if real_steps:
        real = run_real(hook, rounds=rounds, progress=progress)
        ran = [row for row in real["workloads"].values() if "failed" not in row]
        pairs = [(w, "plain") for w in REAL_WAYS if w != "plain"] + [("fake_on", "floor"), ("adinplace_on", "floor")]
        real["summary"] = ratios(ran, pairs) if ran else {}
        found["real"] = real
    return found


def section(part: dict) -> list:
    """The part's lines in RESULTS.md."""
    if "failed" in part:
        return ["", "## Native routes (issue #40)", "", f"Not run: {part['failed']}"]
    out = ["", "## Native routes (issue #40)", "",
           "The checks in C++ at a dispatcher key (`opprop/check/dispatch_hook.cpp`); geometric means over ops of per-op "
           "minimums, interleaved (`benchmarks/native_routes.py`).", "", "| ratio | op set | real steps |", "| --- | --- | --- |"]
    op = part["op_set"]["summary"]
    real = part.get("real", {}).get("summary", {})
    for key in op:
        out.append(f"| {key} | {op[key]:.3f} | {real[key]:.3f} |" if key in real else f"| {key} | {op[key]:.3f} | |")
    reg = part["registration"]
    out += ["", f"Registering the ADInplaceOrView kernel on the {reg['uncovered']['registered']} overloads without one: "
                f"{reg['uncovered']['register_s'] * 1e3:.1f} ms (undone in {reg['uncovered']['unregister_s'] * 1e3:.1f} ms); "
                f"on all {reg['all']['registered']}, wrapping {reg['all']['wrapped']}: {reg['all']['register_s'] * 1e3:.1f} ms "
                f"(undone in {reg['all']['unregister_s'] * 1e3:.1f} ms)."]
    if "real" in part:
        out.append(f"Findings on the real steps (all rounds): {part['real']['findings']}.")
    return out
