"""The naive scanner of issue #51 (benchmarks/baseline_scanner.py): it finds a planted bug, and one op's segfault or
hang ends that call, not the scan."""
import json
import os

import custom_ops  # noqa: F401  (registers opprop_test::*, unledgered)
import scanner_ops  # noqa: F401  (registers opprop_scanner::*)

from benchmarks import baseline_scanner, scan_race
from benchmarks.scanner_kinds import SCANNED


def _scan(tmp_path, names, pass_name="main"):
    """One pass over ``names`` in this order, a batch per child: the bugs logged, by (op, kind), and the calls done."""
    log = tmp_path / "scan.jsonl"
    scan = baseline_scanner.Scan(str(log), seed=0, budget=120)
    scan.run_pass(pass_name, names, SCANNED)
    scan.close()
    records = [json.loads(line) for line in log.read_text().splitlines()]
    return {(r["op"], r["kind"]): r for r in records if r["type"] == "bug"}, scan.calls


def test_the_scanner_finds_a_custom_ops_undeclared_mutation_and_nothing_on_its_clean_twin(tmp_path):
    bugs, calls = _scan(tmp_path, ["opprop_test::mutate_input", "opprop_test::clean"])
    assert set(bugs) == {("opprop_test::mutate_input", "undeclared_mutation")}
    bug = bugs["opprop_test::mutate_input", "undeclared_mutation"]
    assert not bug["known"] and bug["repro"].startswith("torch.ops.opprop_test.mutate_input.default(x=KINDS[")
    assert calls == 2 * baseline_scanner.DRAWS["main"]


def test_a_segfault_and_a_hang_end_one_call_each_and_the_scan_goes_on(tmp_path, monkeypatch):
    # imported here, not at the top: it registers edge generators, and test_property, collected in the same process,
    # would make a property test of crashy.segv that segfaults the worker
    import crashy_ops  # noqa: F401  (registers opprop_crashy::*)

    monkeypatch.setattr(baseline_scanner, "CALL_TIMEOUT_S", 1.0)
    bugs, calls = _scan(tmp_path, ["opprop_crashy::segv", "opprop_crashy::hang", "opprop_test::mutate_input"])
    assert {("opprop_crashy::segv", "crash:SIGSEGV"), ("opprop_crashy::hang", "hang"),
            ("opprop_test::mutate_input", "undeclared_mutation")} <= set(bugs)
    lost = 3 * baseline_scanner.DRAWS["main"] - calls  # the calls that crashed or hung: each drew a length its op dies of
    assert 2 <= lost < baseline_scanner.DRAWS["main"]
    assert "KINDS[" in bugs["opprop_crashy::segv", "crash:SIGSEGV"]["repro"]


def test_the_out_pass_finds_an_out_overload_that_returns_a_fresh_tensor(tmp_path):
    bugs, _ = _scan(tmp_path, ["opprop_scanner::fresh_out", "opprop_scanner::good_out"], pass_name="out")
    assert ("opprop_scanner::fresh_out", "written_not_returned") in bugs
    assert not any(op == "opprop_scanner::good_out" for op, _ in bugs)


def test_a_fuzz_finding_is_keyed_as_the_scanner_keys_its_bugs():
    crash = {"aten_op": "aten::foo", "invariant": "crash", "detail": {"signal": "SIGSEGV"}}
    private = {"aten_op": "aten::_foo", "invariant": "internal_assert", "detail": {"private": True}}
    assert scan_race.bug_key(crash) == ("aten::foo", "crash:SIGSEGV")
    assert scan_race.bug_key(private) is None
    assert scan_race.tally([{"seconds": 10}, {"seconds": 400}], [300, 600]) == [1, 2]


def test_the_race_reads_whole_journal_lines_and_leaves_a_torn_one_for_the_next_poll(tmp_path):
    journal = tmp_path / "journal.jsonl"
    journal.write_text('{"type": "finding"}\n{"type": "op_d')
    records, offset = scan_race._journal_lines(journal, 0)
    assert records == [{"type": "finding"}] and offset == len('{"type": "finding"}\n')
    with open(journal, "a") as fh:
        fh.write('one"}\n')
    assert scan_race._journal_lines(journal, offset) == ([{"type": "op_done"}], journal.stat().st_size)


def test_files_the_drawn_calls_make_stay_in_a_scratch_folder_the_scan_removes(tmp_path, monkeypatch):
    """aten::from_file with shared=True makes a file named by a drawn string, of a drawn size, where it runs."""
    here = tmp_path / "cwd"
    here.mkdir()
    monkeypatch.chdir(here)
    scan = baseline_scanner.Scan(str(tmp_path / "scan.jsonl"), seed=0, budget=120)
    scan.run_pass("main", ["aten::from_file"], SCANNED)
    scan.close()
    assert scan.valid > 0 and list(here.iterdir()) == []
    assert not os.path.exists(scan.scratch)
