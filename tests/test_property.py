"""Property tests: one per OpInfo with CPU dtypes, one per ModuleInfo module and one per edge-mode generator.

Each is an ordinary module-level function ``test_property_<op>_<device>``
(so ``-k``, ``--lf``, ``-n auto`` and JUnit see stable ids) driven by
``@given``, whose body is an exploration session's example
(``opprop.explore.session``: the same run, checks and findings as ``opprop
check`` and ``opprop fuzz``). An example the op refuses is rejected, not
counted; a finding that is not in the ledger fails the test with its
one-line description and Hypothesis's shrunk example; ledgered findings are
expected and pass, and those the ledger says the target finds (``hit_by``)
must be found: one that is not looks fixed. A target whose generator draws
no valid call fails, unless ``opprop/data/not_tested.toml`` says why.
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
from opprop.core import ledger, not_tested
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


@functools.lru_cache(maxsize=1)
def untested() -> dict:
    return not_tested.load()


def draws_nothing(target: str, device: str, unusable: str | None) -> None:
    """Fail a target whose generator draws no valid call (``unusable``, probed) unless ``not_tested.toml`` lists
    it, then skip with its reason; fail a listed target that draws again."""
    reason = untested().get(target)
    if unusable and reason:
        pytest.skip(f"{target}: not tested: {reason} (probe: {unusable})")
    if unusable:
        pytest.fail(f"{target}: its generator draws no valid call on {device} ({unusable}): fix it, "
                    f"or list the target with a reason in {not_tested.PATH.name}", pytrace=False)
    if reason:
        pytest.fail(f"{target} draws valid calls on {device}, but {not_tested.PATH.name} lists it as not tested "
                    f"({reason}): delete its entry", pytrace=False)


def still_found(target: str, explored: Exploration) -> None:
    """Each ledgered violation this target's property test must find (the entry's ``hit_by``) was found."""
    found = {(f.aten_op, f.invariant) for f in explored.findings.values()}
    lost = [e for e in known().expected_from(target) if e.key not in found]
    if lost:
        pytest.fail("; ".join(
            f"{e.aten_op} / {e.invariant} is ledgered as found by {target}'s property test, but its "
            f"{explored.drawn_stats.examples} examples did not find it: looks fixed: delete the entry or explain "
            f"(or drop {target} from its hit_by if the draws no longer reach it)" for e in lost), pytrace=False)


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


def _given_test(target_name: str, device: str, why_skipped, unusable=lambda: None):
    """A property test that pytest runs and HypoFuzz fuzzes.

    HypoFuzz fuzzes only ``@given`` functions (``test.hypothesis.inner_test``),
    so the test carries the ``@given`` function's Hypothesis attributes; pytest
    calls the test itself, which first skips a target ``why_skipped`` names
    (a ledgered crash) and fails one whose generator draws no valid call
    (``unusable``, unless ``not_tested.toml`` lists it), then runs the examples,
    then fails when a violation the ledger says it finds (``hit_by``) was not
    found. Both checks are lazy: they build the generator.
    """
    explored = functools.lru_cache(maxsize=1)(lambda: session(resolve(target_name), device))
    skipped = functools.lru_cache(maxsize=1)(lambda: why_skipped() or unusable())

    @given(call=st.deferred(lambda: st.none() if skipped() else explored().strategy()))
    def examples(call):
        if skipped():
            pytest.skip(f"{target_name}: {skipped()}")
        explored().example(call)

    def test():
        why = why_skipped()
        if why:
            pytest.skip(f"{target_name}: {why}")
        draws_nothing(target_name, device, unusable())
        examples()
        still_found(target_name, explored())

    return _fuzzable(test, examples)


def _fuzzable(test, examples):
    """``test``, carrying the Hypothesis attributes of its ``@given`` function ``examples`` (what HypoFuzz fuzzes)."""
    for attribute in ("hypothesis", "is_hypothesis_test", "_hypothesis_internal_use_settings"):
        setattr(test, attribute, getattr(examples, attribute))
    return test


def _opinfo_test(opinfo_id: str, device: str):
    # unusable: the generator says it cannot draw a valid call here (also shown by ``opprop list``)
    test = _given_test(opinfo_id, device, lambda: ledgered_crash(opinfo_id), lambda: allowed_changes(opinfo_id, device).unusable)
    test.__doc__ = f"Drawn calls of OpInfo {opinfo_id} on {device} keep every invariant (or a ledgered one)."
    return test


def _module_test(name: str, device: str):
    test = _given_test(name, device, lambda: "", lambda: module_allowed(name, device).unusable)
    test.__doc__ = f"Drawn examples of module {name} on {device} (forward, then backward; train and eval) keep every invariant (or a ledgered one)."
    return test


def _edge_test(generator, device: str):
    explored = functools.lru_cache(maxsize=1)(lambda: session(Target(generator.name, "edge", generator), device))

    @given(call=st.deferred(lambda: explored().strategy()))
    def examples(call):
        explored().example(call)

    def test():
        examples()
        still_found(generator.name, explored())

    test = _fuzzable(test, examples)
    test.__doc__ = f"Edge generator {generator.name}: {generator.doc}"
    if generator.needs and not (generator.needs == "cuda" and torch.cuda.is_available()):
        test = pytest.mark.skip(reason=f"{generator.name} needs {generator.needs}, which is absent")(test)
    return test


TARGETS: dict = {}  # target name -> its property test's name


def _collect() -> dict:
    tests = {}

    def add(target: str, device: str, test):
        name = property_test_name(target, device)
        if name in tests:
            name = property_test_name(target + "_edge", device)
        tests[name] = test
        TARGETS[target] = name

    for opinfo in catalog.op_db():
        if sources.supported_dtypes(opinfo, "cpu"):
            op = catalog.opinfo_id(opinfo)
            add(op, "cpu", _opinfo_test(op, "cpu"))
    for name in module_targets("cpu"):
        add(name, "cpu", _module_test(name, "cpu"))
    for generator in all_edge_generators().values():
        add(generator.name, generator.needs or "cpu", _edge_test(generator, generator.needs or "cpu"))
    for name, test in tests.items():
        test.__name__ = test.__qualname__ = name
    return tests


globals().update(_collect())


def test_hit_by_and_not_tested_name_property_tests():
    """A misspelt ``hit_by`` or not-tested name would drop its check silently; a hit_by target must run."""
    for e in known().entries.values():
        for target in e.hit_by:
            assert target in TARGETS, f"{e.aten_op} / {e.invariant}: hit_by names {target!r}, which has no property test"
            assert target not in untested() and not ledgered_crash(target), f"{target} finds {e.aten_op} / {e.invariant} but does not run"
    unknown = set(untested()) - set(TARGETS)
    assert not unknown, f"{not_tested.PATH.name} lists targets without a property test: {sorted(unknown)}"
