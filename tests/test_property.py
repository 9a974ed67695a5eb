"""Property tests: one per OpInfo with CPU dtypes, one per ModuleInfo module and one per edge-mode generator.

Each is an ordinary module-level function ``test_property_<op>_<device>``
(so ``-k``, ``--lf``, ``-n auto`` and JUnit see stable ids) driven by
``@given``, whose body is an exploration session's example
(``opprop.explore.session``: the same run, checks and findings as ``opprop
check`` and ``opprop fuzz``). An example the op refuses is rejected, not
counted; a finding that is not in the ledger fails the test with its
one-line description and Hypothesis's shrunk example; ledgered findings are
expected and pass.
Run without the ledger with ``OPPROP_LEDGER=/path/to/empty.toml``.
"""
from __future__ import annotations

import functools
import re

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from opprop.check import catalog
from opprop.core import ledger
from opprop.explore import sources
from opprop.explore.session import Exploration
from opprop.generators import all_edge_generators
from opprop.generators.modules import module_allowed, module_targets
from opprop.generators.opinfo import allowed_changes
from opprop.explore.target import Target, resolve


@functools.lru_cache(maxsize=1)
def known():
    return ledger.load()


def unledgered(findings) -> list:
    return known().split(findings)[0]


def session(target, device: str) -> Exploration:
    """The exploration session a property test's examples run in: refused examples are rejected, a finding not
    in the ledger fails the example (so Hypothesis shrinks it); seeding and example counts are the profile's."""
    return Exploration(target, device=device, seed=None, fails=unledgered, reject_invalid=True)


def property_test_name(op: str, device: str) -> str:
    return "test_property_" + re.sub(r"\W", "_", f"{op}_{device}")


def ledgered_crash(opinfo_id: str) -> str:
    """Why the OpInfo's draws would kill this process: a ledgered crash found via it ("" when none).

    An in-process property test dies with its worker on a segfault; such an
    OpInfo runs where a crash is a finding, in ``opprop fuzz``'s forked workers.
    """
    for e in known().entries.values():
        if e.invariant == "crash" and e.found_via == opinfo_id:
            return f"its draws reach the ledgered {e.aten_op} crash ({e.expect}); `opprop fuzz` runs it in forked workers"
    return ""


def _given_test(target_name: str, device: str, why_skipped):
    """The property test itself is the ``@given`` function (HypoFuzz fuzzes only those); ``why_skipped`` (lazy: it
    builds the generator) skips it at its first example, before any strategy of a target that cannot draw is built."""
    explored = functools.lru_cache(maxsize=1)(lambda: session(resolve(target_name), device))
    skipped = functools.lru_cache(maxsize=1)(why_skipped)

    @given(call=st.deferred(lambda: st.none() if skipped() else explored().strategy()))
    def test(call):
        if skipped():
            pytest.skip(f"{target_name}: {skipped()}")
        explored().example(call)

    return test


def _opinfo_test(opinfo_id: str, device: str):
    test = _given_test(opinfo_id, device, lambda: ledgered_crash(opinfo_id)
                       # the generator says it cannot draw a valid call here (also shown by ``opprop list``)
                       or allowed_changes(opinfo_id, device).unusable)
    test.__doc__ = f"Drawn calls of OpInfo {opinfo_id} on {device} keep every invariant (or a ledgered one)."
    return test


def _module_test(name: str, device: str):
    test = _given_test(name, device, lambda: module_allowed(name, device).unusable)
    test.__doc__ = f"Drawn examples of module {name} on {device} (forward, then backward; train and eval) keep every invariant (or a ledgered one)."
    return test


def _edge_test(generator, device: str):
    explored = functools.lru_cache(maxsize=1)(lambda: session(Target(generator.name, "edge", generator), device))

    @given(call=st.deferred(lambda: explored().strategy()))
    def test(call):
        explored().example(call)

    test.__doc__ = f"Edge generator {generator.name}: {generator.doc}"
    if generator.needs and not (generator.needs == "cuda" and torch.cuda.is_available()):
        test = pytest.mark.skip(reason=f"{generator.name} needs {generator.needs}, which is absent")(test)
    return test


def _collect() -> dict:
    tests = {}
    for opinfo in catalog.op_db():
        if sources.supported_dtypes(opinfo, "cpu"):
            op = catalog.opinfo_id(opinfo)
            tests[property_test_name(op, "cpu")] = _opinfo_test(op, "cpu")
    for name in module_targets("cpu"):
        tests[property_test_name(name, "cpu")] = _module_test(name, "cpu")
    for generator in all_edge_generators().values():
        device = generator.needs or "cpu"
        name = property_test_name(generator.name, device)
        if name in tests:
            name = property_test_name(generator.name + "_edge", device)
        tests[name] = _edge_test(generator, device)
    for name, test in tests.items():
        test.__name__ = test.__qualname__ = name
    return tests


globals().update(_collect())
