"""`opprop ledger fixes`: every ledgered entry gets a fix and a verdict, the ones with no proof a verdict that says why."""
from pathlib import Path

from opprop.core.ledger import Entry, Ledger
from opprop.reports import ledger_fixes

ROOT = Path(__file__).resolve().parents[1]
PROVEN = Entry("aten::_convolution_double_backward", "outer_contract", "as the formula intends",
               expect="expected/aten._convolution_double_backward--outer_contract.py")


def _ledger(*entries) -> Ledger:
    return Ledger(ROOT / "expected" / "ledger.toml", {e.key: e for e in entries})


def test_an_entry_with_no_expect_file_gets_the_fix_of_the_entry_its_reason_names():
    same = Entry("aten::_convolution_double_backward", "undeclared_alias",
                 "same root cause as aten::_convolution_double_backward / outer_contract: seen from inside")
    found = ledger_fixes.for_entry(same, ROOT, _ledger(PROVEN, same))
    assert found.verdict == "verified" and found.via == "aten::_convolution_double_backward / outer_contract", found.one_line()
    assert "Tensor(a)? ggb" in found.fix.schema
    assert found.one_line().endswith("(the fix of aten::_convolution_double_backward / outer_contract, the same root cause)")


def test_entries_no_copy_can_prove_say_why_in_their_verdict():
    crash = Entry("aten::x", "crash", "a segfault on an empty input", expect="expected/none.py")
    design = Entry("aten::y", "tensorimpl_use_count", "by design: a registry holds it; checked", by_design=True)
    transient = Entry("aten::z", "storageimpl_use_count", "transient, not an alias the op keeps: seen once")
    unknown = Entry("aten::w", "returns_input", "seen in a sweep")
    hang = Entry("aten::v", "hang", "loops forever on a NaN")
    ledger = _ledger(crash, design, transient, unknown, hang)
    verdicts = {e.aten_op: ledger_fixes.for_entry(e, ROOT, ledger).verdict for e in (crash, design, transient, unknown, hang)}
    assert verdicts == {"aten::x": ledger_fixes.KERNEL_CHECK, "aten::v": ledger_fixes.KERNEL_CHECK, "aten::y": ledger_fixes.BY_DESIGN,
                        "aten::z": ledger_fixes.NOT_REPRODUCED, "aten::w": "no fix"}
