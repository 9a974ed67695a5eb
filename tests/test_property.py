"""Property tests: one per OpInfo with CPU dtypes, one per ModuleInfo module and one per edge-mode generator.

Each is an ordinary module-level function ``test_property_<op>_<device>``
(so ``-k``, ``--lf``, ``-n auto`` and JUnit see stable ids) driven by
``@given``. An example the op refuses is rejected, not counted; a finding
that is not in the ledger fails the test with its one-line description and
Hypothesis's shrunk example; ledgered findings are expected and pass.
Run without the ledger with ``OPPROP_LEDGER=/path/to/empty.toml``.
"""
from __future__ import annotations

import functools
import re

import pytest
import torch
from hypothesis import given, note, reject
from hypothesis import strategies as st

from opprop import catalog, drawn, ledger, runner, sources
from opprop.generators import all_edge_generators
from opprop.generators.modules import module_allowed, module_infos, module_targets
from opprop.generators.opinfo import allowed_changes


@functools.lru_cache(maxsize=1)
def known():
    return ledger.load()


def check(call) -> None:
    """Run one drawn call under the checks: reject it if the op refused it, fail on an unledgered finding."""
    note(call.source)
    result = runner.run_call(call, snapshot_data="all")  # as ``opprop check`` runs: every input's data snapshotted
    if not result.valid:
        reject()
    new, _ = known().split(result.findings)
    if new:
        raise finding_error(frozenset(f.key for f in new))("; ".join(sorted({f.one_line() for f in new})))


@functools.lru_cache(maxsize=None)
def finding_error(keys: frozenset) -> type:
    """One AssertionError subclass per set of new findings, so Hypothesis shrinks and reports each set apart
    (it tells failures apart by exception type and line) instead of showing only the first one it met."""
    name = "NewFinding[" + ", ".join(f"{op} {inv}" for op, inv in sorted(keys)) + "]"
    return type(name, (AssertionError,), {"__module__": __name__})


def property_test_name(op: str, device: str) -> str:
    return "test_property_" + re.sub(r"\W", "_", f"{op}_{device}")


def _opinfo_test(opinfo_id: str, device: str):
    def strategy():
        return drawn.call_strategy(catalog.opinfos_by_id()[opinfo_id], device)

    @given(call=st.deferred(strategy))
    def examples(call):
        check(call)

    def test():
        unusable = allowed_changes(opinfo_id, device).unusable
        if unusable:  # the generator says it cannot draw a valid call here (also shown by ``opprop list``)
            pytest.skip(f"{opinfo_id}: {unusable}")
        examples()

    test.__doc__ = f"Drawn calls of OpInfo {opinfo_id} on {device} keep every invariant (or a ledgered one)."
    return test


def _module_test(name: str, device: str):
    def strategy():
        return drawn.call_strategy(module_infos()[name], device)

    @given(call=st.deferred(strategy))
    def examples(call):
        check(call)

    def test():
        unusable = module_allowed(name, device).unusable
        if unusable:
            pytest.skip(f"{name}: {unusable}")
        examples()

    test.__doc__ = f"Drawn examples of module {name} on {device} (forward, then backward; train and eval) keep every invariant (or a ledgered one)."
    return test


def _edge_test(generator, device: str):
    def strategy():
        if generator.strategy is not None:
            return generator.strategy(device)
        count = len(list(generator.samples(device)))  # fresh samples per example: never reuse a mutated tensor
        return st.integers(0, count - 1).map(lambda i: list(generator.samples(device))[i])

    @given(call=st.deferred(strategy))
    def test(call):
        check(call)

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
