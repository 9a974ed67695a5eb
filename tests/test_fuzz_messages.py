"""The journal's records and the worker protocol (``opprop.fuzz.messages``): each kind round-trips, the lines a run
wrote before the classes existed read back unchanged, and a file that is no journal is a one-line error."""
import dataclasses
import json

import pytest

from opprop.cli import main as cli
from opprop.fuzz import journal
from opprop.fuzz.messages import (COMMANDS, JOURNAL, MESSAGES, CheckDone, CheckTarget, End, ExamplesSoFar, Found, OpDone, Ran, Ready,
                                  RecordError, Run, RunTarget, Stop, WorkerLost, WorkerStarted, parse)

FINDING = {"aten_op": "opprop_crashy::segv", "called_op": "opprop_crashy::segv", "invariant": "crash", "output_index": None,
           "detail": {"example": 2, "phase": "example", "signal": "SIGSEGV"}, "inputs": {"x": {"shape": [3]}}}
STATS = {"name": "opprop_crashy::segv", "examples": 4, "valid": 1, "errors": 0, "reached": []}

# One of each kind, every field set: what as_json then parse must give back.
EVERY_FIELD = {
    Run: Run(targets=["aten::abs", "opprop_crashy::segv"], budget=40.0, jobs=2, shard="1/1", seed=0, device="cpu", database="db",
             imports=["crashy_ops"], skipped=[{"generator": "rnn._cudnn_rnn", "why": "needs cuda"}], namespaces=[{"namespace": "opprop_crashy"}],
             torch_version="2.13.0+cpu", started=1796541945.59, corpus={"about": "the shipped seed corpus", "seed": True}, shards=2),
    WorkerStarted: WorkerStarted(worker=0, pid=19916),
    WorkerLost: WorkerLost(worker=3, how="crash", signal="SIGKILL", exit_code=1, log="run.jsonl.d/worker-3.log"),
    Found: Found(target="opprop_crashy::segv", finding=FINDING, worker=0, example=2, replay={"choices": "4100", "target": "opprop_crashy::segv"}),
    OpDone: OpDone(target="aten::abs", status="ran", worker=6, budget=5.7, seconds=3.9, stats=STATS, first_seen={"aten::abs x": 3},
                   hypothesis_error="Flaky", validity={"refusals": {}}, shrunk=[FINDING], modes={"x.mode=plain": [2, 2]}, error="E: x", crashes=1, stage="scan"),
    End: End(seconds=25.925),
    RunTarget: RunTarget(target="aten::abs", seconds=5.7, examples=60, cap=38.0, resumed=1, round=2, scan=True, first=17, scanned=True),
    CheckTarget: CheckTarget(target="aten::abs", examples=100, skip={"sample": -1, "example": 7}),
    Stop: Stop(),
    Ready: Ready(worker=0, pid=19916),
    ExamplesSoFar: ExamplesSoFar(target="aten::abs", examples=12),
    Ran: Ran(phase="example", error="RuntimeError: no", reached=["aten::abs"], seconds=0.01, internal_errors=[{"line": "x"}],
             modes={"x.mode=plain": 1}),
    CheckDone: CheckDone(target="aten::abs", status="ran", hypothesis_error="Flaky"),
}

# Lines as `opprop fuzz` wrote them before these classes (nested values cut short): each must read back and write unchanged.
WRITTEN_BEFORE = [
    '{"budget": 40.0, "corpus": {"about": "seed", "seed": true}, "database": "db", "device": "cpu", "imports": ["crashy_ops"], "jobs": 2, '
    '"namespaces": [], "seed": 0, "shard": "1/1", "skipped": [{"generator": "rnn._cudnn_rnn", "why": "needs cuda"}], '
    '"started": 1796541945.5967433, "targets": ["opprop_crashy::segv"], "torch_version": "2.13.0+cpu", "type": "run"}',
    '{"pid": 19916, "type": "worker", "worker": 0}',
    '{"exit_code": 1, "how": "crash", "log": "j.jsonl.d/worker-2.log", "type": "worker_lost", "worker": 2}',
    '{"example": 1, "finding": {"aten_op": "aten::q_per_channel_scales"}, "target": "aten::q_per_channel_scales", "type": "finding", "worker": 0}',
    '{"example": 2, "finding": {"aten_op": "opprop_crashy::segv"}, "replay": {"choices": "4100"}, "target": "opprop_crashy::segv", '
    '"type": "finding", "worker": 0}',
    '{"budget": 5.5, "first_seen": {}, "seconds": 2.532, "shrunk": [], "stats": {"examples": 3}, "status": "ran", '
    '"target": "aten::q_per_channel_scales", "type": "op_done", "validity": {"x": 1}, "worker": 0}',
    '{"budget": 2.1, "crashes": 1, "first_seen": {}, "modes": {"x.mode=plain": [2, 2]}, "seconds": 5.507, "shrunk": [], '
    '"stats": {"examples": 9}, "status": "crash", "target": "opprop_crashy::two_faults", "type": "op_done", "validity": {}, "worker": 7}',
    '{"seconds": 6.556, "stats": {"examples": 4}, "status": "hang", "target": "opprop_crashy::hang", "type": "op_done", "worker": 1}',
    '{"stats": {"examples": 0, "name": "aten::abs"}, "status": "not_run", "target": "aten::abs", "type": "op_done"}',
    '{"budget": 3.0, "error": "TypeError: no", "status": "error", "target": "mylib::f", "type": "op_done", "worker": 1}',
    '{"seconds": 25.925, "type": "end"}',
]


def _all_kinds() -> set:
    return {*JOURNAL.values(), *COMMANDS.values(), *MESSAGES.values()}


def test_every_kind_has_a_round_trip_example():
    assert set(EVERY_FIELD) == _all_kinds()


@pytest.mark.parametrize("cls", sorted(EVERY_FIELD, key=lambda c: c.__name__))
def test_every_kind_round_trips_with_every_field(cls):
    record = EVERY_FIELD[cls]
    kinds = next(k for k in (JOURNAL, COMMANDS, MESSAGES) if k.get(cls.TYPE) is cls)
    line = json.loads(json.dumps(record.as_json()))  # as it travels: through JSON
    assert line["type"] == cls.TYPE and set(line) == {"type", *(f.name for f in dataclasses.fields(cls))}
    assert parse(line, kinds) == record


def test_the_lines_written_before_read_back_and_write_unchanged():
    for text in WRITTEN_BEFORE:
        line = json.loads(text)
        assert parse(line, JOURNAL).as_json() == line, text


def test_an_optional_field_left_unset_is_left_out():
    assert Found(target="t", finding={}).as_json() == {"type": "finding", "target": "t", "finding": {}}
    assert Ran(phase="sample", error=None, reached=[], seconds=0.0).as_json()["error"] is None  # required: written even when None


def test_a_line_of_no_known_kind_says_why_in_one_line():
    with pytest.raises(RecordError, match="unknown record type 'crash'"):
        parse({"type": "crash"}, JOURNAL)
    with pytest.raises(RecordError, match="unknown record type 'ran'"):
        parse({"type": "ran", "phase": "sample", "error": None, "reached": [], "seconds": 0}, JOURNAL)  # a message, not a journal line
    with pytest.raises(RecordError, match="no type"):
        parse({"target": "aten::abs"}, JOURNAL)
    with pytest.raises(RecordError, match="a 'finding' record without finding"):
        parse({"type": "finding", "target": "aten::abs"}, JOURNAL)
    with pytest.raises(RecordError, match="a list, not a record"):
        parse([1, 2], JOURNAL)


def test_a_field_a_newer_writer_added_is_ignored():
    assert parse({"type": "end", "seconds": 1.0, "peak_rss": 123}, JOURNAL) == End(seconds=1.0)


def test_the_journal_reads_what_it_appends_and_skips_a_torn_line(tmp_path):
    path = str(tmp_path / "j.jsonl")
    j = journal.Journal(path)
    for record in (EVERY_FIELD[Run], EVERY_FIELD[Found], EVERY_FIELD[OpDone], EVERY_FIELD[End]):
        j.append(record)
    j.close()
    with open(path, "a") as fh:
        fh.write('{"type": "op_do')  # a writer killed mid-line
    assert journal.read(path) == [EVERY_FIELD[Run], EVERY_FIELD[Found], EVERY_FIELD[OpDone], EVERY_FIELD[End]]


@pytest.mark.parametrize("content, why", [
    ('{"type": "run", "targets": []}\n{"type": "crash", "target": "aten::abs"}\n', "line 2: unknown record type 'crash'"),
    ('{"target": "aten::abs", "examples": 3}\n{"target": "aten::neg", "examples": 1}\n', "line 1: a JSON object with no type"),
    ("[1, 2]\n[3]\n", "line 1: a list, not a record"),
])
def test_report_on_a_file_that_is_no_journal_is_one_line_and_exit_2(tmp_path, capsys, content, why):
    path = tmp_path / "in.jsonl"
    path.write_text(content)
    for argv in (["report", "--issue", str(path), "--out", str(tmp_path / "out")],
                 ["fuzz", "--from-journal", str(path), "--report", str(tmp_path / "r.json")]):
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("opprop: error:") and why in err and "is not a fuzz journal" in err, err
