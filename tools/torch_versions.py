"""Runs opprop on one torch release and records what happened as JSON.

Per release, in its own virtual environment (``$OPPROP_VENVS/torch-X``,
default /work/venvs, outside the repo: each holds a multi-GB torch), made and
filled here on first use and reused after: the use-count probe and the
screen's reader (``validate_readers``), ``opprop check q_per_channel_scales``,
``opprop replay`` of every expect file and crash repro, and the real-code
tests. Each result lands in ``docs/torch-versions/X.json``;
``tools/torch_versions_doc.py`` turns them into ``docs/torch-versions.md``.
``noxfile.py`` runs one session per release, then the table.

    python -m tools.torch_versions run 2.13.0     # one release
    python -m tools.torch_versions render         # the table from the JSON files
"""
from __future__ import annotations

import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "docs" / "torch-versions"
# The releases pip installs here for Python 3.11 (2.15.0 does not resolve); the declared range in
# pyproject.toml must hold exactly the ones that pass (the table's render checks it).
VERSIONS = ("2.8.0", "2.10.0", "2.12.1", "2.13.0", "2.14.1")
# The pins beside torch, from requirements-ci.txt: opprop's own dependencies (opprop goes in with --no-deps) and the
# tests'; the rest there is CI's (Redis, xdist, import-linter).
PINNED = ("hypothesis", "expecttest", "pytest", "numpy", "xxhash")
TIMEOUT_S = {"probe": 300, "check": 900, "replay": 1800, "tests": 1200}

PROBE = """
import json, torch
out = {"torch": torch.__version__, "git_version": torch.version.git_version}
try:
    import opprop
    out["opprop"] = opprop.__file__
    from opprop.check import mode, probe
    mode.validate_readers(force=True)
    out.update(ok=True, reason=None, calibration=probe.calibration())
except Exception as e:
    out.update(ok=False, reason=f"{type(e).__name__}: {e}")
print(json.dumps(out))
"""


def venv_root() -> Path:
    return Path(os.environ.get("OPPROP_VENVS", "/work/venvs"))


def _pins() -> list[str]:
    lines = (REPO / "requirements-ci.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.split("==")[0].strip() in PINNED]


def _run(cmd, log, **kw) -> subprocess.CompletedProcess:
    log(" ".join("<the probe script>" if str(c) == PROBE else str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], **kw)


def ensure_venv(version: str, log=print) -> Path:
    """The release's venv, made and filled if missing; opprop in it is this checkout (editable). Its python."""
    venv = venv_root() / f"torch-{version}"
    python = venv / "bin" / "python"
    if not python.exists():
        _run([sys.executable, "-m", "venv", venv], log, check=True)
    have = subprocess.run([python, "-c", "import torch, opprop; print(torch.__version__); print(opprop.__file__)"],
                          capture_output=True, text=True)
    lines = have.stdout.split()
    if have.returncode != 0 or not lines or lines[0].split("+")[0] != version:
        _run([python, "-m", "pip", "install", "-q", f"torch=={version}", *_pins()], log, check=True)
    if have.returncode != 0 or len(lines) < 2 or not Path(lines[1]).resolve().is_relative_to(REPO):
        _run([python, "-m", "pip", "install", "-q", "--no-deps", "-e", REPO], log, check=True)
    return python


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("EXPECTTEST_ACCEPT", "PYTHONPATH")}
    env["PYTHONWARNINGS"] = "ignore"
    return env


def _step(cmd, name, log) -> tuple[subprocess.CompletedProcess, float]:
    start = datetime.datetime.now()
    try:
        done = _run(cmd, log, cwd=REPO, capture_output=True, text=True, env=_env(), timeout=TIMEOUT_S[name])
    except subprocess.TimeoutExpired as e:
        done = subprocess.CompletedProcess(cmd, 124, e.stdout or "", f"timed out after {TIMEOUT_S[name]} s")
    return done, round((datetime.datetime.now() - start).total_seconds(), 1)


def _tail(text: str, n: int = 5) -> list[str]:
    return [line for line in (text or "").strip().splitlines() if line.strip()][-n:]


def probe(python: Path, log=print) -> dict:
    done, seconds = _step([python, "-c", PROBE], "probe", log)
    try:
        out = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        out = {"ok": False, "reason": f"the probe did not run (exit {done.returncode}): {' '.join(_tail(done.stderr, 1))}"}
    out["seconds"] = seconds
    return out


_STATS = re.compile(r"^\S.*: \d+ examples, \d+ valid")


def check(opprop: Path, op: str, log=print) -> dict:
    """``opprop check OP``: its exit status, the finding lines, its summary lines."""
    done, seconds = _step([opprop, "check", op], "check", log)
    lines = done.stdout.splitlines()
    findings = [line for line in lines if re.match(r"^[a-z_]+: aten::", line)]
    summary = [line for line in lines if _STATS.match(line) or re.match(r"^\d+ finding\(s\)$", line)]
    return {"command": f"opprop check {op}", "exit": done.returncode, "findings": findings, "summary": summary,
            "stderr": _tail(done.stderr) if done.returncode else [], "seconds": seconds}


_STILL = re.compile(r"^(still failing|still crashes): (\S+)$")
_OTHER = re.compile(r"^(CHANGED|FIXED|ERROR|accepted): (\S+?\.py): (.*)$")
LABELS = {"CHANGED": "changed", "FIXED": "looks fixed", "ERROR": "error", "accepted": "accepted"}


def replay(opprop: Path, log=print) -> dict:
    """``opprop replay``: per expect file its outcome (and the diff of a changed record)."""
    done, seconds = _step([opprop, "replay"], "replay", log)
    files: dict[str, dict] = {}
    last = None
    for line in done.stdout.splitlines():
        still, other = _STILL.match(line), _OTHER.match(line)
        if still:
            last = None
            files[still.group(2)] = {"status": still.group(1)}
        elif other:
            last = files[other.group(2)] = {"status": LABELS[other.group(1)], "message": other.group(3)}
        elif last is not None and last["status"] == "changed" and len(last.setdefault("diff", [])) < 40:
            last["diff"].append(line)
    counts: dict[str, int] = {}
    for entry in files.values():
        counts[entry["status"]] = counts.get(entry["status"], 0) + 1
    corrupt = [line for line in done.stderr.splitlines() if line.startswith("opprop: error:")]
    return {"command": "opprop replay", "exit": done.returncode, "counts": counts, "files": files, "errors": corrupt,
            "summary": _tail(done.stdout, 1), "seconds": seconds}


def real_code_tests(python: Path, log=print) -> dict:
    """tests/test_real_code.py: passed/failed per test, from its JUnit XML."""
    with tempfile.TemporaryDirectory() as tmp:
        xml = Path(tmp) / "junit.xml"
        done, seconds = _step([python, "-m", "pytest", "tests/test_real_code.py", "-q", "-p", "no:randomly",
                               "-p", "no:cacheprovider", f"--junitxml={xml}"], "tests", log)
        outcome = {}
        if xml.exists():
            for case in ET.parse(xml).iter("testcase"):
                bad = case.find("failure") if case.find("failure") is not None else case.find("error")
                state = "skipped" if case.find("skipped") is not None else ("failed" if bad is not None else "passed")
                outcome[case.get("name")] = state
    counts = {s: sum(1 for v in outcome.values() if v == s) for s in ("passed", "failed", "skipped")}
    return {"command": "pytest tests/test_real_code.py", "exit": done.returncode, "counts": counts,
            "failed": sorted(k for k, v in outcome.items() if v == "failed"),
            "summary": _tail(done.stdout, 1), "seconds": seconds}


def run_version(version: str, log=print) -> dict:
    python = ensure_venv(version, log)
    opprop = python.parent / "opprop"
    result = {"version": version, "python": sys.version.split()[0],
              "run_on": datetime.date.today().isoformat(), "probe": probe(python, log)}
    if result["probe"].get("torch", version).split("+")[0] != version:
        raise SystemExit(f"{python} has torch {result['probe'].get('torch')}, not {version}")
    result["check"] = check(opprop, "q_per_channel_scales", log)
    result["replay"] = replay(opprop, log)
    result["tests"] = real_code_tests(python, log)
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{version}.json"
    path.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    log(f"wrote {path.relative_to(REPO)}")
    return result


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["run"] and len(argv) == 2:
        run_version(argv[1])
        return 0
    if argv == ["render"]:
        from tools import torch_versions_doc

        return torch_versions_doc.main()
    print(__doc__.strip().splitlines()[-2:], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
