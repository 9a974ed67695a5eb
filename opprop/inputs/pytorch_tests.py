"""PyTorch's own tests as a corpus: its test files run under ``pytest --opprop --opprop-record DIR``.

The debug-build asserts found violations because PyTorch's test suite ran under them; this is the
release-build counterpart. The tests are those of the installed torch (``torch.version.git_version``):
from the user's checkout (``--pytorch-src``), or fetched for the run from GitHub into a temporary
directory, with the sibling test modules they import, and never kept. Each file runs in its own pytest
process (a crash or a timeout loses that file's run, not the others'); every run records into one
corpus DIR, which ``opprop check/fuzz --corpus DIR`` read. The shipped seed (``seed.py``) is such a
corpus, from the subset in ``SEED_SUBSET``.
"""
from __future__ import annotations

import ast
import json
import os
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from opprop.core.errors import UsageError
from opprop.inputs import corpus

TEST_URL = "https://raw.githubusercontent.com/pytorch/pytorch/{version}/test/{path}"
FETCH_TIMEOUT_S = 30
INTERRUPT_GRACE_S = 60  # after a file's time is up: SIGINT, so pytest still writes its report; then SIGKILL

# What a test process sees: CPU tests only (opprop records CPU calls), no slow or disabled-test lookups online.
TEST_ENV = {"PYTORCH_TESTING_DEVICE_ONLY_FOR": "cpu", "PYTORCH_TEST_SKIP_FAST": "0", "PYTORCH_TEST_WITH_SLOW": "0",
            "NO_TD": "1", "PYTORCH_TEST_DISABLED_TESTS_FILE": "", "PYTORCH_IGNORE_DISABLED_ISSUES": "1",
            "PYTHONUNBUFFERED": "1"}


@dataclass(frozen=True)
class Part:
    """One test file of a subset, and the ``-k`` expression that bounds its run."""

    path: str  # relative to PyTorch's test/ folder
    select: str = ""


# The seed's subset: sparse (COO, compressed), quantized, and OpInfo-driven op and nn tests, each bounded by -k
# to a few minutes on two cores. Regenerate the seed with: opprop corpus --seed-out opprop/data/seed_corpus
SEED_SUBSET = (
    Part("test_sparse.py", "TestSparseCPU and (test_basic or test_coalesce or test_to_dense or test_to_sparse or test_scalar "
         "or test_contig)"),
    Part("test_sparse_csr.py", "TestSparseCompressedCPU and (test_clone or test_empty or test_sparse_compressed_constructor) "
         "and (float32 or int64 or bool) and not from_list"),
    Part("quantization/core/test_quantized_op.py", "TestQuantizedOps and (test_qrelu or test_qrelu6 or test_qhardsigmoid "
         "or test_sigmoid_non_observed)"),
    Part("test_ops.py", "TestCommonCPU and test_noncontiguous_samples and float32 and (nn_functional or index or gather "
         "or scatter or cat or narrow or select or where or abs or add or mul)"),
)


class PytorchTestsError(UsageError):
    """Test files that cannot be had (missing, a bad path, no network): one line, exit 2."""


def git_version() -> str:
    import torch

    return torch.version.git_version


def tests_folder(pytorch_src) -> Path:
    """The ``test/`` folder of a checkout, given the checkout or that folder itself."""
    root = Path(pytorch_src).expanduser()
    if not root.is_dir():
        raise PytorchTestsError(f"--pytorch-src {pytorch_src}: not a directory")
    if (root / "test").is_dir():
        return (root / "test").resolve()
    if root.name == "test" or any(root.glob("test_*.py")):
        return root.resolve()
    raise PytorchTestsError(f"--pytorch-src {pytorch_src}: neither a PyTorch checkout (no test/ folder) nor its test/ folder")


def local_files(root: Path, paths: list[str]) -> list[Path]:
    files = []
    for p in paths:
        f = (root / p).resolve()
        if not f.is_file():
            raise PytorchTestsError(f"{p}: no such test file under {root}")
        files.append(f)
    return files


def _sibling_modules(source: str) -> set[str]:
    """Top-level modules a test file imports that are not installed: PyTorch's own test helpers beside it."""
    import importlib.util

    names = set()
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a newer Python's syntax: pytest says so when the file runs
        return names
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return {n for n in names if importlib.util.find_spec(n) is None}


def _download(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=FETCH_TIMEOUT_S) as r:
            return r.read().decode()
    except urllib.error.HTTPError as e:
        raise FileNotFoundError(f"HTTP {e.code}") from None


def fetch_files(paths: list[str], into: Path, version: str | None = None, download=None) -> list[Path]:
    """Each test file at torch's git version, and the sibling modules it imports, under ``into`` (test/'s layout)."""
    version = version or git_version()
    download = download or _download
    if not version or version == "Unknown":
        raise PytorchTestsError(f"cannot fetch PyTorch's tests: this torch has no git version ({version!r}); pass --pytorch-src PATH to a checkout")
    files, queue, done = [], [(p, True) for p in paths], set()
    while queue:
        path, wanted = queue.pop(0)
        if path in done:
            continue
        done.add(path)
        url = TEST_URL.format(version=version, path=path)
        try:
            text = download(url)
        except FileNotFoundError as e:
            if wanted:
                raise PytorchTestsError(f"{path}: no such test file at pytorch/pytorch@{version[:12]} ({e})") from None
            continue  # an import that is not a sibling test module: pytest says so when the file runs
        except (OSError, ValueError) as e:
            raise PytorchTestsError(f"cannot fetch {url} ({getattr(e, 'reason', e)}); pass --pytorch-src PATH to a PyTorch checkout") from None
        target = into / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        if wanted:
            files.append(target)
        folder = str(Path(path).parent)
        for name in sorted(_sibling_modules(text)):  # beside the file, then at test/'s top (PyTorch runs tests from there)
            queue += [(str(Path(folder) / f"{name}.py"), False)] if folder != "." else []
            queue.append((f"{name}.py", False))
    return files


@dataclass
class FileRun:
    """What one test file's run under the plugin gave."""

    path: str
    exit_code: int
    tests_checked: int = 0
    failed: int = 0  # tests that failed or errored (pytest's verdict)
    calls: int = 0  # calls this run added to the corpus
    overloads: set = field(default_factory=set)  # the overloads of those calls
    new_findings: list = field(default_factory=list)  # the plugin's summary rows the ledger does not know
    known_findings: int = 0
    internal_errors: int = 0
    internal_error_kinds: dict = field(default_factory=dict)  # "op (stage): error" -> calls: opprop's own failures
    timed_out: bool = False
    problem: str = ""  # why nothing ran (a collection error), in one line

    def one_line(self) -> str:
        status = "timed out, stopped" if self.timed_out else f"pytest exit {self.exit_code}"
        line = (f"{self.path}: {self.tests_checked} test(s) checked, {self.failed} failed ({status}); {self.calls} call(s) recorded of "
                f"{len(self.overloads)} overload(s); {len(self.new_findings)} finding(s) outside the ledger, {self.known_findings} known")
        if self.internal_errors:
            line += f"; {self.internal_errors} opprop internal error(s)"
        return line + (f"; {self.problem}" if self.problem else "")

    def as_json(self) -> dict:
        return {"path": self.path, "exit_code": self.exit_code, "tests_checked": self.tests_checked, "failed": self.failed, "calls": self.calls,
                "overloads": sorted(self.overloads), "new_findings": self.new_findings, "known_findings": self.known_findings,
                "internal_errors": self.internal_errors, "internal_error_kinds": self.internal_error_kinds, "timed_out": self.timed_out, "problem": self.problem}


def run_file(test_file: Path, root: Path, record_dir: Path, select: str = "", pytest_args=(), timeout: float | None = None,
             log_dir: Path | None = None, write_expected: Path | None = None) -> FileRun:
    """One test file under ``pytest --opprop --opprop-record record_dir`` in a subprocess, from ``root`` (test/);
    its output kept in ``log_dir`` when given, each new finding shrunk into ``write_expected`` when given."""
    rel = os.path.relpath(test_file, root)
    before = corpus.recorded_keys(record_dir)
    with tempfile.TemporaryDirectory(prefix="opprop-corpus-") as tmp:
        report = Path(tmp) / "report.json"
        log = (log_dir or Path(tmp)) / (rel.replace(os.sep, "__") + ".log")
        argv = [sys.executable, "-m", "pytest", rel, "--opprop=report", "--opprop-record", str(record_dir), "--opprop-report", str(report),
                "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-o", "addopts=", "--rootdir", str(root),
                *(["-k", select] if select else []), *(["--opprop-write-expected", str(write_expected)] if write_expected else []),
                *pytest_args]
        env = {**os.environ, **TEST_ENV, "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))}
        timed_out = False
        with open(log, "w") as out:
            proc = subprocess.Popen(argv, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
            try:
                code = proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                timed_out = True
                os.killpg(proc.pid, signal.SIGINT)  # pytest stops at the running test and still writes its report
                try:
                    code = proc.wait(timeout=INTERRUPT_GRACE_S)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    code = proc.wait()
        result = FileRun(rel, code, timed_out=timed_out)
        if report.exists():
            rep = json.loads(report.read_text())
            result.tests_checked = rep["tests_checked"]
            result.internal_errors = len(rep["internal_errors"])
            for e in rep["internal_errors"]:
                kind = f"{e['aten_op']} ({e['stage']}): {e['error'][:160]}"
                result.internal_error_kinds[kind] = result.internal_error_kinds.get(kind, 0) + 1
            result.new_findings = [r for r in rep["summary"] if not r["known"]]
            result.known_findings = sum(1 for r in rep["summary"] if r["known"])
        output = log.read_text(errors="replace")
        result.failed = _failed(output)
        if result.tests_checked == 0:
            result.problem = _why_nothing_ran(output, code)
    added = corpus.recorded_keys(record_dir) - before
    result.calls = len(added)
    result.overloads = {op for op, _ in added}
    return result


def _failed(output: str) -> int:
    """How many tests failed or errored, from pytest's last summary line (upstream tests fail on their own too:
    a failure is the test's verdict, never opprop's, which changes no result)."""
    import re

    last = next((ln for ln in reversed(output.splitlines()) if re.search(r"\d+ (passed|failed|error)", ln)), "")
    return sum(int(n) for n, _ in re.findall(r"(\d+) (failed|errors?)\b", last))


def _why_nothing_ran(output: str, code: int) -> str:
    """The first error line of a run that checked no test (a collection error, an import that failed)."""
    lines = output.splitlines()
    for marker in ("E   ", "ERROR "):
        hit = next((ln.strip() for ln in lines if ln.startswith(marker)), None)
        if hit:
            return f"no test ran: {hit[:300]}"
    return f"no test ran (pytest exit {code}): {lines[-1].strip()[:300] if lines else 'no output'}"
