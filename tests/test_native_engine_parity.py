"""The native engine against the Python mode on module_db, per thread, nested, and on its own errors.

module_db: every case ``benchmarks/modules.py`` times (the first three float32
training inputs of each ModuleInfo, 321 on torch 2.13), its forward and backward
run once under each engine from the same state (a deep copy each), and the
(op, invariant, output, detail) findings compared with their counts, case by case.
"""
from __future__ import annotations

import collections
import copy
import threading
import warnings

import pytest
import torch

import opprop
from opprop.check import native_engine
from opprop.check.mode import InvariantMode

import custom_ops  # noqa: F401  (registers opprop_test::*)
from tests.support.engine_keys import counted, finding_key

why_not = native_engine.available()
pytestmark = pytest.mark.skipif(why_not is not None, reason=f"native engine unavailable: {why_not}")

# A write to memory the kernel left uninitialized: mkldnn's RNN workspace (from the forward) is partly garbage, so
# whether the backward's write changes its bytes differs from run to run, under either engine.
UNSETTLED = {("aten::mkldnn_rnn_layer_backward", "undeclared_mutation")}




def _both(fn, args, kwargs) -> tuple[collections.Counter, collections.Counter, dict]:
    """The findings of one run under each engine, each on its own copy of the same state."""
    python_run, native_run = copy.deepcopy((fn, args, kwargs)), copy.deepcopy((fn, args, kwargs))
    with InvariantMode("diff") as mode:
        python_run[0](*python_run[1], **python_run[2])
    python = collections.Counter()
    for f in mode.findings:
        python[finding_key(f)] += f.occurrences
    _, findings, not_checked = native_engine.findings_of(native_run[0], *native_run[1], **native_run[2])
    return python, counted(findings), not_checked


def _module_cases():
    from benchmarks import modules

    return [pytest.param(fn, args, kwargs, id=name) for name, fn, args, kwargs in modules.cases()]


@pytest.mark.parametrize("fn,args,kwargs", _module_cases())
def test_module_db_case_same_findings_as_the_python_mode(fn, args, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            fn(*args, **kwargs)  # (lazy initialisation outside both; a case its own module rejects is no case)
        except Exception as e:  # noqa: BLE001
            pytest.skip(f"the case raises without opprop: {type(e).__name__}")
        python, native, not_checked = _both(fn, args, kwargs)
    assert not_checked == {}
    settled = lambda found: collections.Counter({k: n for k, n in found.items() if k[:2] not in UNSETTLED})  # noqa: E731
    assert settled(native) == settled(python)


def test_two_threads_each_in_a_block_keep_their_own_findings():
    barrier = threading.Barrier(2)
    results, errors = {}, []

    def run(name, op):
        try:
            with opprop.checking(engine="native") as found:
                barrier.wait(timeout=30)  # both blocks open at once
                for _ in range(50):
                    op(torch.ones(3))
                barrier.wait(timeout=30)  # neither closes before the other has made all its calls
            results[name] = {(f.aten_op, f.invariant): f.occurrences for f in found.findings}
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    threads = [threading.Thread(target=run, args=("held", torch.ops.opprop_test.hold_output)),
               threading.Thread(target=run, args=("returned", torch.ops.opprop_test.return_input))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert results == {
        "held": {("opprop_test::hold_output", "tensorimpl_use_count"): 50},
        "returned": {("opprop_test::return_input", "returns_input"): 50,
                     ("opprop_test::return_input", "tensorimpl_use_count"): 50},
    }


def test_a_nested_block_hands_its_findings_to_the_outer_one():
    with opprop.checking(engine="native") as outer:
        torch.ops.opprop_test.hold_output(torch.ones(3))
        with opprop.checking(engine="native") as inner:
            torch.ops.opprop_test.return_input(torch.ones(3))
    assert {f.aten_op for f in inner.findings} == {"opprop_test::return_input"}
    assert {f.aten_op for f in outer.findings} == {"opprop_test::hold_output", "opprop_test::return_input"}
