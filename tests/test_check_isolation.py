"""``opprop check`` survives an op that segfaults, and crash repros work for ops whose registering source is not found by a scan.

Issue 23: ``opprop check`` died with the op (SIGFPE, no report); ``opprop
report`` wrote no repro for ops a C extension registers (the repro never
imported the extension), left "Repro file:" and the native frame empty,
called such ops private, and its per-target lines said "0 new finding(s)".
"""
import io
import json
import re
import shutil
import subprocess
import sys

import pytest
from tests.support.runs import env

from opprop.cli.errors import EXIT_CRASH
from opprop.core.imports import Definitions, preamble
from opprop.fuzz.messages import Found, OpDone
from opprop.fuzz.progress import Progress
from opprop.reduce import crash_script, native_frame
from opprop.reduce.crash_outcome import Outcome
from opprop.core.specs import CallSpec, TensorSpec
from opprop.reports import issue_report
from opprop.reports import crash_groups
from opprop.reports.crash_groups import CrashGroup


def _opprop(*args, cwd, timeout=300):
    return subprocess.run([sys.executable, "-m", "opprop", *args], capture_output=True, text=True, cwd=cwd, env=env(), timeout=timeout)


def test_check_survives_a_segfault_records_it_writes_its_repro_and_exits_with_the_crash_status(tmp_path):
    out = _opprop("check", "opprop_crashy::segv", "--import", "crashy_ops", "--examples", "30", "--no-native-frame",
                  "--json", "r.json", "--crash-out", "crashes", cwd=tmp_path)
    assert out.returncode == EXIT_CRASH, out.stdout + out.stderr[-3000:]
    assert "crash: opprop_crashy::segv (" in out.stdout and "signal=SIGSEGV" in out.stdout
    assert int(re.search(r"opprop_crashy::segv \(drawn\): (\d+) examples", out.stdout).group(1)) >= 30  # it went on drawing after each crash
    (path,) = re.findall(r"repro written to (\S+)", out.stdout)
    assert (tmp_path / path).exists() and path == "crashes/opprop_crashy.segv--crash-sigsegv.py"
    rep = json.loads((tmp_path / "r.json").read_text())
    assert rep["crashes"] and all(c["inputs"]["x"]["shape"][0] == 3 for c in rep["crashes"])  # the length that segfaults
    assert rep["crashes"][0]["replay"]["choices"]  # the example's choices: rebuilt from them, as a fuzz crash is
    (group,) = rep["crash_groups"]
    assert group["path"] == path and group["raw_findings"] == len(rep["crashes"])
    assert [f["invariant"] for f in rep["findings"]] == ["crash"]


def test_a_crash_in_an_op_no_source_names_becomes_a_repro_that_imports_its_module(tmp_path):
    """runtime_ns_ops joins its namespace at run time, as a C extension hides it: the repro must import the module.

    The report reads the fuzz run's --import from its journal, fills in the
    repro file, names the module's public function, and the fuzz run's
    per-target lines count what its summary counts.
    """
    fuzz = _opprop("fuzz", "--ops", "opprop_runtime_ns::*", "--import", "runtime_ns_ops", "--jobs", "1", "--budget", "90",
                   "--per-op-examples", "40", "--journal", "j.jsonl", "--database", "db", "--report", "r.json", cwd=tmp_path)
    assert fuzz.returncode == 0, fuzz.stderr[-3000:]
    per_target = [int(n) for n in re.findall(r"^\[\d+/\d+\] \S+: .*, (\d+) finding\(s\)", fuzz.stderr, re.M)]
    total = int(re.search(r"^(\d+) finding\(s\)", fuzz.stdout, re.M).group(1))
    assert per_target and sum(per_target) == total == 1, fuzz.stdout + fuzz.stderr
    made = _opprop("report", "--issue", "j.jsonl", "--no-native-frame", "--out", "crashes", "--md", "issues.md", "--summary", "s.md",
                   cwd=tmp_path)  # no --import: the journal names it; gdb's frame is the next test's (it costs 10-20 s a run)
    assert made.returncode == 0, made.stderr[-3000:]
    path = tmp_path / "crashes" / "opprop_runtime_ns.segv--crash-sigsegv.py"
    assert "\nimport runtime_ns_ops\n" in path.read_text()
    still = _opprop("replay", str(path), cwd=tmp_path)
    assert still.returncode == 0 and f"still crashes: {path}" in still.stdout, still.stdout + still.stderr
    issue = (tmp_path / "issues.md").read_text()
    assert "Repro file: `crashes/opprop_runtime_ns.segv--crash-sigsegv.py`." in issue
    assert ("It is reachable from public API: `runtime_ns_ops.double(x)`, run in a fresh interpreter on the inputs below, "
            "dies with SIGSEGV") in issue, issue  # the public call was run, and died as the repro does
    assert "```python\nimport torch\nimport runtime_ns_ops\n" in issue  # the report's script runs as pasted
    row = next(x for x in (tmp_path / "s.md").read_text().splitlines() if x.startswith("| `opprop_runtime_ns::segv`"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    journaled = sum(1 for line in (tmp_path / "j.jsonl").read_text().splitlines()
                    if json.loads(line).get("type") == "finding" and json.loads(line)["finding"]["invariant"] == "crash")
    assert cells[3] == "`runtime_ns_ops.double(x)`: dies with SIGSEGV" and cells[5] == str(journaled)  # each crash of its share (pool.MAX_RESUMED)


@pytest.mark.skipif(shutil.which("gdb") is None, reason="the native frame is read with gdb")
@pytest.mark.usefixtures("gdb_frames")
def test_the_native_frame_of_an_op_no_source_names_is_read_from_a_script_that_imports_its_module(monkeypatch):
    """The frame came back empty: gdb ran a script without the import, which died of an AttributeError, not the signal."""
    import runtime_ns_ops  # noqa: F401  (registers opprop_runtime_ns::segv here, as --import does)

    monkeypatch.setenv("PYTHONPATH", env()["PYTHONPATH"])  # where gdb's interpreter finds it (import_modules sets it so)

    spec = CallSpec("opprop_runtime_ns::segv", (TensorSpec("float32", (3,), "zeros"),))
    text, source = crash_groups.definition_of(Definitions({}, ["runtime_ns_ops"]), spec.op)
    assert (text, source) == ("import runtime_ns_ops\n", "--import runtime_ns_ops")
    assert native_frame.native_frame(crash_script.script_source(spec, definition=text, definition_from=source)) == "string_at"


def test_the_per_target_counts_add_up_to_the_summary_count():
    stream = io.StringIO()
    progress = Progress(2, 0.0, stream=stream)
    crash = {"aten_op": "ns::a", "invariant": "crash", "output_index": None}
    held = {"aten_op": "ns::b", "invariant": "tensorimpl_use_count", "output_index": 0}
    for target, f in [("ns::a", crash), ("ns::a", crash), ("ns::b", held), ("ns::c", held)]:
        progress.finding(Found(target=target, finding=f))
    for target in ("ns::a", "ns::b", "ns::c"):  # a pool-recorded crash's op_done has no first_seen
        progress.op_done(OpDone(target=target, status="crash", stats={"examples": 1}))
    counts = [int(n) for n in re.findall(r"(\d+) finding\(s\)", stream.getvalue())]
    assert counts == [1, 1, 0] and sum(counts) == 2


def test_an_issue_report_without_a_repro_says_why_not_an_empty_file_name():
    spec = CallSpec("aten::range.out", (1, 1, 0.5), {"out": TensorSpec("int64", (0,), "zeros")})
    g = CrashGroup("aten::range.out", Outcome("signal", "SIGFPE", "aten::range.out"), [{}], spec, note="no repro: it returned")
    text = issue_report.render(g)
    assert "Repro file: ``" not in text and "Repro file: none (no repro: it returned)." in text


def test_imports_stand_in_for_a_source_that_never_names_the_namespace():
    found = Definitions({"mylib": "/x/mylib_ops.py"}, ["mylib_ops", "torchvision"])
    assert preamble(found, "torchvision::nms") == "import mylib_ops\nimport torchvision\n"
    assert preamble(found, "mylib::f") == "" and preamble(found, "aten::add.Tensor") == ""  # inlined source; torch's own
    assert preamble(Definitions({}, []), "torchvision::nms") == ""


OPENMP_PARENT = """
import sys
import torch
torch.set_num_threads(2)
x = torch.randn(512, 512)
(x @ x).sum()  # the OpenMP pool now exists in this process, as in a test process whose earlier tests ran ops
from opprop.cli import main
sys.exit(main.main(["check", "aten::dequantize.self", "--examples", "3", "--no-native-frame"]))
"""


def test_check_from_a_process_with_an_openmp_pool_does_not_hang():
    """A child forked from a process holding OpenMP's pool hangs in its first parallel region: such a parent spawns."""
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", OPENMP_PARENT], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "returns_input: aten::dequantize.self" in proc.stdout


def test_can_fork_only_without_native_threads_beyond_torchs_own():
    import subprocess
    import sys

    code = ("import torch; from opprop.fuzz import forked; before = forked.can_fork('cpu'); torch.set_num_threads(2); "
            "x = torch.randn(512, 512); (x @ x).sum(); print(before, forked.can_fork('cpu'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120).stdout.split()
    assert out == ["True", "False"]
