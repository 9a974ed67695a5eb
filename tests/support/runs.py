"""Running opprop as a user runs it: a subprocess, with the test ops (tests/ops/) importable by their own names."""
import json
import os
import subprocess
import sys

OPS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ops")  # what tests hand to --import


def env():
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([OPS, *filter(None, [e.get("PYTHONPATH")])])
    return e


def fuzz_argv(tmp_path, *args, name="run"):
    return [sys.executable, "-m", "opprop", "fuzz", "--import", "crashy_ops", "--journal", str(tmp_path / f"{name}.jsonl"), *args]


def run_fuzz(tmp_path, *args, name="run", timeout=240, cwd=None):
    """Run to the end (in ``cwd``, default this process's); return (completed process, JSON report)."""
    report = tmp_path / f"{name}.json"
    proc = subprocess.run(fuzz_argv(tmp_path, *args, "--report", str(report), name=name), capture_output=True, text=True, env=env(), timeout=timeout,
                          cwd=cwd)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc, json.loads(report.read_text())


def fresh_check(op: str, module: str, directory) -> str:
    """A default 20-example ``opprop check`` from a new empty directory, as a user's first check runs: no validity record
    learned by earlier runs steers it. Its output; the check must end with exit 0."""
    directory.mkdir()
    done = subprocess.run([sys.executable, "-m", "opprop", "check", op, "--import", module, "--examples", "20"],
                          capture_output=True, text=True, env=env(), timeout=300, cwd=directory)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def found_and_control_silent(op: str, module: str, line: str, directory) -> None:
    """A fresh check of ``op`` prints ``line``; one of its ``_ok`` twin, the same op without the bug, ends with exactly
    "0 finding(s)": tested and clean (a twin with no valid call would end "(not tested: ...)")."""
    assert line in fresh_check(op, module, directory / "bug")
    assert fresh_check(f"{op}_ok", module, directory / "control").splitlines()[-1] == "0 finding(s)"


def keys(report):
    return {(f["aten_op"], f["invariant"]) for f in report["findings"]}


def op(report, name):
    return next(o for o in report["ops"] if o["name"] == name)
