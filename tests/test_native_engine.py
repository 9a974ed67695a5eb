"""The native engine (opprop/check/native_engine.py) against the Python mode, call by call, and against planted bugs.

The Python InvariantMode is the reference: on the custom ops that break each
invariant, on the benchmark op set's samples and on legal aliasing, the native
engine must report the same (op, invariant, output, detail) for the invariants it
covers, each as often. Skipped where the hooks cannot be built (no compiler).
"""
from __future__ import annotations

import collections
import warnings

import pytest
import torch

import opprop
from opprop.check import catalog, native_engine
from opprop.check.mode import InvariantMode

import custom_ops

why_not = native_engine.available()
pytestmark = pytest.mark.skipif(why_not is not None, reason=f"native engine unavailable: {why_not}")

COVERED = native_engine.COVERED


def _key(f) -> tuple:
    """What both engines must agree on: op, invariant, output and the detail, except a use count's number.

    A count is compared only as "above one": the Python mode reads it through a
    Python wrapper and corrects for the references it can see (lift_fresh, which
    hands back its input: 3 there, 2 from the C++ holders alone).
    """
    detail = tuple(sorted((k, str(v)) for k, v in f.detail.items() if k not in ("use_count", "storage_use_count")))
    return (f.aten_op, f.invariant, f.output_index, detail)


def python_findings(fn, *args, **kwargs) -> collections.Counter:
    with InvariantMode("diff", invariants=COVERED) as mode:
        fn(*args, **kwargs)
    found = collections.Counter()
    for f in mode.findings:
        found[_key(f)] += f.occurrences
    return found


def native_findings(fn, *args, **kwargs) -> tuple[collections.Counter, dict]:
    _, findings, not_checked = native_engine.findings_of(fn, *args, **kwargs)
    return collections.Counter(_key(f) for f in findings), not_checked


BUGS = {  # custom op -> the (invariant, output) pairs the Python mode reports for it (view_copies is not covered)
    "hold_output": {("tensorimpl_use_count", 0)},
    "return_input": {("returns_input", 0), ("tensorimpl_use_count", 0)},
    "alias_input": {("storageimpl_use_count", 0), ("undeclared_alias", 0)},
    "one_tensor_twice": {("tensorimpl_use_count", 0), ("tensorimpl_use_count", 1), ("undeclared_alias", 0)},
    "alias_other": {("undeclared_alias", 0)},
    "clean": set(),
}


@pytest.mark.parametrize("name", sorted(BUGS))
def test_custom_ops_found_as_the_python_mode_finds_them(name):
    args = (torch.randn(3), torch.randn(3)) if name == "alias_other" else (torch.randn(3),)
    op = getattr(custom_ops.ops, name)
    native, not_checked = native_findings(op, *args)
    assert native == python_findings(op, *args)
    assert {(k[1], k[2]) for k in native} == BUGS[name]
    assert not_checked == {}


# A bug planted here: an op whose schema declares a fresh output, whose kernel hands back its input.
LIB = torch.library.Library("opprop_native_test", "DEF")
LIB.define("planted(Tensor x) -> Tensor")
LIB.define("declared(Tensor(a) x) -> Tensor(a)")
LIB.impl("planted", lambda x: x, "CPU")
LIB.impl("declared", lambda x: x.view(-1), "CPU")  # a declared view: legal
LIB.impl("declared", lambda x: x.view(-1), "Meta")


def test_planted_bug_is_found_and_its_declared_twin_is_silent():
    x = torch.randn(4)
    with opprop.checking(engine="native") as found:
        torch.ops.opprop_native_test.planted(x)
        torch.ops.opprop_native_test.declared(x)
    keys = {(c.aten_op, c.invariant) for c in found.findings}
    assert ("opprop_native_test::planted", "returns_input") in keys
    assert not any(op == "opprop_native_test::declared" for op, _ in keys)
    assert all(not c.known for c in found.findings)
    assert found.not_covered and "undeclared_mutation" in found.not_covered


LEGAL = {  # aliasing the schemas allow, with the call's own values: nothing to report
    "view": lambda a, b: a.view(-1),
    "transpose": lambda a, b: a.t(),
    "split": lambda a, b: a.split(1),
    "out=": lambda a, b: torch.add(a, b, out=torch.empty_like(a)),
    "out= is an input": lambda a, b: torch.mul(a, b, out=a),
    "in-place": lambda a, b: a.add_(b),
    "in-place on itself": lambda a, b: a.mul_(a),
    "copy onto itself": lambda a, b: a.copy_(a),
    "unbind": lambda a, b: a.unbind(0),
    "inference tensor": lambda a, b: torch.add(a.detach(), b),
}


@pytest.mark.parametrize("name", sorted(LEGAL))
def test_legal_aliasing_stays_silent(name):
    a, b = torch.randn(2, 2), torch.randn(2, 2)
    native, not_checked = native_findings(LEGAL[name], a, b)
    assert native == collections.Counter()
    assert not_checked == {}


def test_inference_tensors_are_checked_natively():
    """A dispatch mode passes inference tensors unread; the Fake key is in TLS, so the native engine reads them."""
    with torch.inference_mode():
        x = torch.randn(3)
    native, _ = native_findings(torch.ops.opprop_native_test.planted, x)
    assert {k[1] for k in native} == {"returns_input", "tensorimpl_use_count"}


def test_declined_calls_are_counted_never_silent():
    dense = torch.eye(3)
    sparse = dense.to_sparse()
    with opprop.checking(engine="native") as found:
        torch.add(sparse, sparse)
    assert any("sparse" in why for _, why in found.not_checked)
    assert any(e.aten_op == "<native engine>" for e in found.internal_errors)


def _op_set_samples():
    from benchmarks import op_set

    by_id = catalog.opinfos_by_id()
    for name in op_set.kept():
        for k, (args, kwargs) in enumerate(op_set.float32_samples(by_id[name])):
            yield pytest.param(by_id[name].op, args, kwargs, id=f"{name}-{k}")


@pytest.mark.parametrize("fn,args,kwargs", list(_op_set_samples()))
def test_op_set_sample_same_findings_as_the_python_mode(fn, args, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fn(*args, **kwargs)  # (lazy initialisation outside both)
        expected = python_findings(fn, *args, **kwargs)
        native, not_checked = native_findings(fn, *args, **kwargs)
    declined = {op for op, _ in not_checked}  # sparse calls: the native engine counts them, the Python mode reads them
    assert {why for _, why in not_checked} <= {"sparse tensor", "nested tensor"}
    assert native == collections.Counter({k: n for k, n in expected.items() if k[0] not in declined})
