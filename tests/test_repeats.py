"""A finding that real code makes again and again is counted on its first record, not described again.

A repeat has the op, invariant, output, input signature and call site of a
finding already kept. It must stay cheap (real code calls ``_unsafe_view``
in every attention reshape), but it must not hide anything: what the repeat
breaks beyond the known findings is still found, and a call that differs
in site or signature is its own record.
"""
import torch

import opprop

pytest_plugins = ["pytester"]
from opprop.core import ledger as ledger_mod

LIB = torch.library.Library("opprop_repeat", "DEF")
LIB.define("alias_then_write(Tensor x) -> Tensor")  # returns a view of x; writes x from its third call on
CALLS = []


def _alias_then_write(x):
    CALLS.append(1)
    if len(CALLS) >= 3:
        x.add_(1)  # the schema says x is read-only
    return x.view(-1)


LIB.impl("alias_then_write", _alias_then_write, "CPU")
LIB.define("write_both(Tensor x, Tensor y) -> Tensor")  # writes both read-only arguments: two findings of one invariant
LIB.impl("write_both", lambda x, y: (x.add_(1), y.add_(1), x + y)[-1], "CPU")
EMPTY_LEDGER = ledger_mod.Ledger(None, {})


def _by_key(found) -> dict:
    return {(f.aten_op, f.invariant): f for f in found.findings}


def test_repeats_of_a_known_finding_are_counted_and_the_first_keeps_its_call():
    x, w = torch.randn(4, 8, 16), torch.randn(16, 16)
    with opprop.checking(engine="python") as found:  # (the native engine keeps no call: docs/checking.md)
        for _ in range(50):
            x @ w  # 3-D matmul: mm, then _unsafe_view of the fresh result (ledgered)
    unsafe_view = [f for f in found.findings if f.aten_op == "aten::_unsafe_view"]
    assert unsafe_view, "the ledgered _unsafe_view findings were not found"
    assert len(unsafe_view) == len({f.invariant for f in unsafe_view})  # one record per invariant, not one per call
    assert all(f.occurrences == 50 and f.known for f in unsafe_view)
    for f in unsafe_view:  # the first occurrence keeps what a repro needs
        assert f.finding.call is not None and f.finding.call.op == "aten::_unsafe_view"
        assert f.as_json()["occurrences"] == 50


def test_another_site_or_signature_is_its_own_record():
    x, w, wide = torch.randn(4, 8, 16), torch.randn(16, 16), torch.randn(2, 8, 16)
    with opprop.checking(engine="python") as found:  # (the native engine counts repeats per finding, not per site)
        for _ in range(3):
            x @ w
        for _ in range(2):
            x @ w  # another line: another site
        wide @ w  # another input signature
    counts = sorted(f.occurrences for f in found.findings if f.invariant == "storageimpl_use_count")
    assert counts == [1, 2, 3]


def test_a_repeat_that_breaks_something_more_is_found():
    CALLS.clear()
    x = torch.randn(3, 4)
    with opprop.checking(ledger=EMPTY_LEDGER) as found:
        for _ in range(4):
            torch.ops.opprop_repeat.alias_then_write(x)
    by_key = _by_key(found)
    alias = by_key[("opprop_repeat::alias_then_write", "undeclared_alias")]
    assert alias.occurrences == 4
    mutation = by_key.get(("opprop_repeat::alias_then_write", "undeclared_mutation"))
    assert mutation is not None, f"the write from the third call on was hidden by the repeat: {sorted(by_key)}"
    assert mutation.occurrences == 2


def test_a_repeat_in_one_test_is_counted_by_the_plugin(pytester):
    pytester.makepyfile(
        """
        import torch

        def test_reshape_in_a_loop():
            x, w = torch.randn(4, 8, 16), torch.randn(16, 16)
            for _ in range(7):
                x @ w
        """
    )
    result = pytester.runpytest_subprocess("--opprop", "-p", "no:randomly")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*aten::_unsafe_view / storageimpl_use_count: 7 call(s) in 1 test(s)*"])


def test_findings_of_one_invariant_on_two_arguments_are_two_records_each_counted():
    x, y = torch.ones(3), torch.ones(3)
    with opprop.checking(ledger=EMPTY_LEDGER) as found:
        for _ in range(3):
            torch.ops.opprop_repeat.write_both(x, y)
    written = sorted((f.detail["argument"], f.occurrences) for f in found.findings if f.invariant == "undeclared_mutation")
    assert written == [("x", 3), ("y", 3)]
