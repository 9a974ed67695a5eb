"""``opprop fuzz`` survives ops that segfault and hang, and records each with the input that caused it."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.support.runs import env, fuzz_argv, keys, op, run_fuzz


def test_run_survives_segfault_and_hang_and_reports_other_ops(tmp_path):
    _, rep = run_fuzz(
        tmp_path, "--ops", "opprop_crashy::segv", "opprop_crashy::hang", "aten::q_per_channel_scales",
        "--jobs", "2", "--budget", "150", "--per-op-examples", "60", "--example-timeout", "3", "--database", str(tmp_path / "db"),
        "--summary", str(tmp_path / "run.md"),
    )
    crash = next(f for f in rep["crashes"] if f["aten_op"] == "opprop_crashy::segv")
    assert crash["detail"]["signal"] == "SIGSEGV"
    assert crash["inputs"]["x"]["shape"][0] == 3  # the one length that segfaults (a schedule row may draw it 3-d)
    # replayable: from the draw's choices, or from a crossing call's index (generators/crossing.py), whichever died first
    assert (crash["replay"].get("choices") or "crossing" in crash["replay"]) and crash["replay"]["target"] == "opprop_crashy::segv"
    hang = next(f for f in rep["hangs"] if f["aten_op"] == "opprop_crashy::hang")
    assert hang["inputs"]["x"]["shape"][0] == 2 and hang["detail"]["timeout_s"] == 3  # the length that hangs
    assert ("aten::q_per_channel_scales", "tensorimpl_use_count") in keys(rep)
    assert op(rep, "opprop_crashy::segv")["status"] == "crash"
    # the examples that ran validly before the crash still count (its first draw, length 1, is valid)
    assert 0 < op(rep, "opprop_crashy::segv")["valid"] < op(rep, "opprop_crashy::segv")["examples"]
    assert op(rep, "opprop_crashy::hang")["status"] == "hang"
    assert op(rep, "aten::q_per_channel_scales")["valid"] > 0
    # Replayable: the crashing example was written to the database before the op ran, so the next run,
    # with another seed and a single example, crashes on it first.
    _, again = run_fuzz(tmp_path, "--ops", "opprop_crashy::segv", "--jobs", "1", "--budget", "120", "--per-op-examples", "1",
                        "--seed", "7", "--database", str(tmp_path / "db"),
                        "--summary", str(tmp_path / "again.md"), "--baseline", str(tmp_path / "run.json"), name="again")
    replayed = next(f for f in again["crashes"] if f["aten_op"] == "opprop_crashy::segv")
    # (the share went on after each crash, so the database may hold several crashing inputs: it replays one of them)
    crashed = [r["finding"]["inputs"]["x"]["shape"] for r in map(json.loads, (tmp_path / "run.jsonl").read_text().splitlines())
               if r.get("type") == "finding" and r["finding"]["aten_op"] == "opprop_crashy::segv"]
    assert replayed["detail"]["example"] == 1 and crash["inputs"]["x"]["shape"] in crashed and replayed["inputs"]["x"]["shape"] in crashed
    summary = (tmp_path / "run.md").read_text()
    new = summary.split("## New findings", 1)[1].split("##", 1)[0]
    assert "crash: opprop_crashy::segv" in new and "hang: opprop_crashy::hang" in new
    assert "`aten::q_per_channel_scales` tensorimpl_use_count" in summary.split("## Still present", 1)[1].split("##", 1)[0]
    changed = (tmp_path / "again.md").read_text().split("## Changed since the baseline", 1)[1].split("##", 1)[0]
    assert "gone: `opprop_crashy::hang` hang" in changed and "appeared" not in changed


def _findings_in(journal):
    out = []
    with open(journal) as fh:
        for line in fh:
            r = json.loads(line)
            if r["type"] == "finding":
                out.append((r["finding"]["aten_op"], r["finding"]["invariant"]))
    return out


def test_sigkill_of_the_parent_loses_no_reported_finding(tmp_path):
    journal = tmp_path / "run.jsonl"
    # The hang op, with a timeout longer than the test, keeps the run alive until the kill.
    argv = fuzz_argv(tmp_path, "--ops", "opprop_crashy::hang", "aten::q_per_channel_scales", "opprop_crashy::segv",
                     "--jobs", "2", "--budget", "300", "--example-timeout", "600", "--database", str(tmp_path / "db"))
    parent = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env())
    try:
        end = time.monotonic() + 200
        while time.monotonic() < end:
            if journal.exists():
                found = set(_findings_in(journal))
                if {("aten::q_per_channel_scales", "tensorimpl_use_count"), ("opprop_crashy::segv", "crash")} <= found:
                    break
            time.sleep(0.2)
        else:
            raise AssertionError(f"no findings journaled in time: {journal.read_text() if journal.exists() else ''}")
        assert parent.poll() is None, "the run ended by itself; the kill would prove nothing"
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    finally:
        if parent.poll() is None:
            parent.kill()
    reported = set(_findings_in(journal))
    pids = [json.loads(x)["pid"] for x in journal.read_text().splitlines() if json.loads(x)["type"] == "worker"]
    def alive(pid):
        try:
            return open(f"/proc/{pid}/stat").read().split()[2] != "Z"
        except (FileNotFoundError, ProcessLookupError):
            return False

    end = time.monotonic() + 15
    while any(alive(p) for p in pids) and time.monotonic() < end:
        time.sleep(0.1)
    for pid in pids:  # workers die with their parent rather than run on unwatched
        assert not alive(pid), f"worker {pid} outlived its killed parent"
    assert not any(json.loads(x)["type"] == "end" for x in journal.read_text().splitlines())
    report = tmp_path / "rebuilt.json"
    proc = subprocess.run([sys.executable, "-m", "opprop", "fuzz", "--from-journal", str(journal), "--report", str(report)],
                          capture_output=True, text=True, env=env())
    assert proc.returncode == 0, proc.stderr
    rebuilt = json.loads(report.read_text())
    assert reported <= keys(rebuilt)
    assert ("opprop_crashy::segv", "crash") in {(f["aten_op"], f["invariant"]) for f in rebuilt["crashes"]}


def test_a_worker_journals_each_finding_as_it_happens_not_when_its_target_ends(tmp_path):
    """The run is killed while the target that found something still runs (it hangs on its third call)."""
    journal, marker = tmp_path / "run.jsonl", tmp_path / "hanging"
    argv = fuzz_argv(tmp_path, "--ops", "opprop_crashy::hold_then_hang", "--jobs", "1", "--budget", "300", "--example-timeout", "600",
                     "--database", str(tmp_path / "db"))
    log = open(tmp_path / "stderr", "w")
    parent = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=log, env={**env(), "CRASHY_HANG_MARKER": str(marker)})
    try:
        end = time.monotonic() + 200
        while not marker.exists() and time.monotonic() < end and parent.poll() is None:
            time.sleep(0.2)
        assert marker.exists() and parent.poll() is None, "the target never reached its hang: " + (tmp_path / "stderr").read_text()[-1500:]
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    finally:
        if parent.poll() is None:
            parent.kill()
        records = [json.loads(x) for x in journal.read_text().splitlines()] if journal.exists() else []
        for pid in [r["pid"] for r in records if r["type"] == "worker"]:  # the hung worker, should it outlive its parent
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    assert not any(r["type"] == "op_done" for r in records), "the target ended before the kill; that would prove nothing"
    assert ("opprop_crashy::hold_then_hang", "tensorimpl_use_count") in set(_findings_in(journal))


@pytest.mark.nightly  # slow end to end; its parts are tested in CI (pytest -m nightly runs it)
def test_fresh_interpreter_workers_find_what_forked_ones_find(tmp_path):
    """--worker-start spawn (what a CUDA run uses) and the default forked workers: the same finding and crash."""
    for how in ("spawn", "fork"):
        _, rep = run_fuzz(tmp_path, "--ops", "aten::q_per_channel_scales", "opprop_crashy::segv", "--worker-start", how,
                          "--jobs", "2", "--budget", "120", "--per-op-examples", "30", "--database", str(tmp_path / f"db-{how}"), name=how)
        assert ("aten::q_per_channel_scales", "tensorimpl_use_count") in keys(rep), how
        assert op(rep, "opprop_crashy::segv")["status"] == "crash", how
        starts = [json.loads(x) for x in (tmp_path / f"{how}.jsonl").read_text().splitlines()]
        assert sum(r["type"] == "worker" for r in starts) >= 3, how  # two workers, and one more after the crash


def test_worker_start_fork_where_unsafe_is_a_usage_error(tmp_path):
    proc = subprocess.run(fuzz_argv(tmp_path, "--ops", "aten::q_per_channel_scales", "--worker-start", "fork", "--device", "meta"),
                          capture_output=True, text=True, env=env(), timeout=120)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and "--worker-start fork" in proc.stderr


def test_a_crash_does_not_end_the_targets_share(tmp_path):
    # two_faults segfaults on one length and aborts on another: the target goes on in a fresh worker after the
    # first crash, with the rest of its share and draws of its own, and finds the second fault too
    proc, rep = run_fuzz(tmp_path, "--ops", "opprop_crashy::two_faults", "--jobs", "1", "--budget", "90")
    died = {c["detail"].get("signal") for c in rep["crashes"] if c["aten_op"] == "opprop_crashy::two_faults"}
    assert died == {"SIGSEGV", "SIGABRT"}
    assert op(rep, "opprop_crashy::two_faults")["status"] == "crash"
    records = [json.loads(line) for line in (tmp_path / "run.jsonl").read_text().splitlines()]
    done = [r for r in records if r.get("type") == "op_done" and r["target"] == "opprop_crashy::two_faults"]
    # a later round (fuzz.energy) may give the crashed target one more share: its records together hold the whole target
    crashes, examples = sum(r.get("crashes") or 0 for r in done), sum(r["stats"]["examples"] for r in done)
    assert crashes >= 2 and examples >= sum(1 for r in records if r.get("type") == "finding")
