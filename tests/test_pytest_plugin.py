"""The pytest plugin, run in subprocesses: report, fail, xdist, bad input, PyTorch idioms, expect files from real code."""
import importlib.metadata
import json
import os
import tomllib
from pathlib import Path

import pytest

from opprop.reduce import expectfile
from tests.support.runs import OPS

pytest_plugins = ["pytester"]

TESTS = Path(__file__).resolve().parent

USER_TESTS = """
import torch

def _quantized():
    return torch.quantize_per_channel(torch.randn(2, 3), torch.tensor([0.1, 0.2]), torch.tensor([0, 0]), 0, torch.quint8)

def test_known():
    _quantized().q_per_channel_scales()
    torch.randn(3).dequantize()

def test_new():
    import custom_ops
    custom_ops.ops.return_input(torch.randn(3))

def test_clean():
    (torch.randn(3) * 2).sum()

def test_raises_after_a_finding():
    import custom_ops
    custom_ops.ops.hold_output(torch.randn(3))
    raise KeyError("its own error")
"""


@pytest.fixture
def user(pytester):
    pytester.makepyfile(test_user=USER_TESTS)
    return pytester


def _plugin_args() -> list:
    """Nothing when the pytest11 entry point is installed (pip install -e . after pulling it); else load the module."""
    installed = any(ep.value == "opprop.pytest_plugin" for ep in importlib.metadata.entry_points(group="pytest11"))
    return [] if installed else ["-p", "opprop.pytest_plugin"]


def _run(pytester, *args):
    env_path = os.pathsep.join([OPS, os.environ.get("PYTHONPATH", "")])  # custom_ops
    pytester._monkeypatch.setenv("PYTHONPATH", env_path)
    return pytester.runpytest_subprocess("-p", "no:randomly", "-p", "no:cacheprovider", *_plugin_args(), *args)


def test_the_plugin_is_a_pytest11_entry_point():
    project = tomllib.loads((TESTS.parent / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["pytest11"] == {"opprop": "opprop.pytest_plugin"}
    assert "ledger.toml" in project["tool"]["setuptools"]["package-data"]["opprop"]


def test_report_mode_summarizes_by_op_and_invariant_and_writes_json(user):
    result = _run(user, "--opprop", "--opprop-report", "r.json")
    result.assert_outcomes(passed=3, failed=1)  # only the test that raises its own KeyError fails
    out = result.stdout.str()
    assert "4 test(s) checked" in out
    for line in [
        "NEW   opprop_test::return_input / returns_input: 1 call(s) in 1 test(s); first test_user.py::test_new (test_user.py:12)",
        "known aten::q_per_channel_scales / tensorimpl_use_count: 1 call(s) in 1 test(s); first test_user.py::test_known (test_user.py:7)",
        "known aten::dequantize.self / returns_input: 1 call(s) in 1 test(s); first test_user.py::test_known (test_user.py:8)",
        "NEW   opprop_test::hold_output / tensorimpl_use_count: 1 call(s) in 1 test(s); first test_user.py::test_raises_after_a_finding (test_user.py:19)",
    ]:
        assert line in out
    assert "KeyError: 'its own error'" in out
    report = json.loads((user.path / "r.json").read_text())
    assert report["tests_checked"] == 4
    keys = {(r["aten_op"], r["invariant"]): r for r in report["summary"]}
    assert keys[("aten::q_per_channel_scales", "tensorimpl_use_count")]["known"] is True
    assert keys[("opprop_test::return_input", "returns_input")]["known"] is False
    assert all(f["test"].startswith("test_user.py::") and f["where"] for f in report["findings"])


def test_fail_mode_fails_only_tests_with_a_new_finding_and_shows_it(user):
    result = _run(user, "--opprop=fail")
    result.assert_outcomes(passed=2, failed=2)
    out = result.stdout.str()
    assert "FAILED test_user.py::test_new - Failed: opprop: 2 new finding(s) of 2:" in out
    assert "test_user.py:12: [NEW] returns_input: opprop_test::return_input output 0 (is_input=x)" in out
    assert "FAILED test_user.py::test_raises_after_a_finding - KeyError" in out  # its own exception, not opprop's


def test_xdist_workers_report_to_the_controller(user):
    single = json.loads((_run(user, "--opprop", "--opprop-report", "one.json"), user.path / "one.json")[1].read_text())
    result = _run(user, "--opprop", "-n", "2", "--opprop-report", "two.json")
    result.assert_outcomes(passed=3, failed=1)
    double = json.loads((user.path / "two.json").read_text())
    assert double["tests_checked"] == single["tests_checked"] == 4
    assert double["summary"] == single["summary"]


BROKEN_CHECKS = """
import pytest
import torch

@pytest.fixture(autouse=True)
def broken_screen():
    from opprop.check import mode

    def broken(*args, **kwargs):
        raise RuntimeError("planted: the screen broke")

    with mode.use_screen(broken):
        yield

def test_its_own_result_stands():
    x = torch.arange(3.0)
    assert x.add(1).tolist() == [1.0, 2.0, 3.0]
"""


@pytest.mark.parametrize("workers", [pytest.param([], marks=pytest.mark.nightly), ["-n", "2"]])  # one process: nightly
def test_an_internal_error_is_reported_and_the_test_passes(pytester, workers):
    pytester.makepyfile(test_broken=BROKEN_CHECKS)
    # (the Python mode's screen is the one planted broken)
    result = _run(pytester, "--opprop=fail", "--opprop-engine", "python", "--opprop-report", "r.json", *workers)
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines([
        "2 opprop internal error(s): those calls ran unchecked*",
        "ERROR aten::arange (after the call): *",
        "ERROR aten::add.Tensor (after the call): RuntimeError: planted: the screen broke: 1 call(s); first *test_its_own_result_stands",
    ])
    report = json.loads((pytester.path / "r.json").read_text())
    errors = {e["aten_op"]: e for e in report["internal_errors"]}
    assert set(errors) == {"aten::arange", "aten::add.Tensor"}
    assert "planted: the screen broke" in errors["aten::add.Tensor"]["traceback"]


def test_a_bare_opprop_before_a_path_means_report(user):
    result = _run(user, "--opprop", "test_user.py")
    result.assert_outcomes(passed=3, failed=1)
    assert "4 test(s) checked;" in result.stdout.str()


def test_off_unless_asked(user):
    result = _run(user)
    result.assert_outcomes(passed=3, failed=1)
    assert "= opprop =" not in result.stdout.str() and "checked;" not in result.stdout.str()


def test_a_bad_mode_is_a_one_line_usage_error(user):
    result = _run(user, "--opprop=bogus")
    assert result.ret != 0
    err = [line for line in result.stderr.lines if line.strip()]
    assert err == ["ERROR: --opprop=bogus: MODE is one of report, fail (plain --opprop means report)"]


def test_an_unreadable_ledger_is_a_one_line_usage_error(user):
    bad = user.path / "bad.toml"
    bad.write_text("[[known]\n")
    user._monkeypatch.setenv("OPPROP_LEDGER", str(bad))
    result = _run(user, "--opprop")
    assert result.ret != 0
    err = [line for line in result.stderr.lines if line.strip()]
    assert len(err) == 1 and "is not valid TOML" in err[0] and str(bad) in err[0]


def test_pytorch_idioms_under_fail_report_only_ledgered_findings(pytester):
    """@ops / @modules tests with instantiate_device_type_tests: they run, every finding is known, none fails."""
    idioms = TESTS / "idioms" / "test_torch_idioms.py"
    pytester.makepyfile(test_idioms=idioms.read_text())
    result = _run(pytester, "--opprop=fail", "-k", "matmul or BatchNorm2d or GRUCell or relu", "--opprop-report", "r.json")
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed", 0) == 0 and outcomes["passed"] >= 5
    summary = json.loads((pytester.path / "r.json").read_text())["summary"]
    keys = {(r["aten_op"], r["invariant"]) for r in summary}
    assert all(r["known"] for r in summary)
    assert ("aten::native_batch_norm", "undeclared_mutation") in keys  # BatchNorm2d in train mode
    assert ("aten::_unsafe_view", "storageimpl_use_count") in keys  # matmul's backward


MY_OPS = '''
import torch

LIB = torch.library.Library("realcode_test", "DEF")
LIB.define("scale(Tensor x) -> Tensor")
LIB.define("scale_backward(Tensor grad) -> Tensor")
LIB.impl("scale", lambda x: x * 2, "CPU")
LIB.impl("scale_backward", lambda grad: grad, "CPU")  # returns its input: the bug


def _backward(ctx, grad):
    return torch.ops.realcode_test.scale_backward(grad)


torch.library.register_autograd("realcode_test::scale", _backward)
'''

BACKWARD_TEST = '''
import torch
import my_ops

def test_training_step():
    x = torch.randn(2, 3, requires_grad=True)
    torch.ops.realcode_test.scale(x).sum().backward()
'''


@pytest.mark.nightly  # slow end to end; its parts are tested in CI (pytest -m nightly runs it)
def test_a_finding_in_a_backward_pass_becomes_an_expect_file_that_replays(pytester):
    """From a backward pass to an expect file needing only torch: the gradient the backward got is a tensor autograd made."""
    pytester.makepyfile(my_ops=MY_OPS, test_backward=BACKWARD_TEST)
    # under xdist: the worker captures the call, the controller (which never imported my_ops) shrinks and writes
    result = _run(pytester, "--opprop", "-n", "2", "--opprop-write-expected", "out")
    result.assert_outcomes(passed=1)
    path = pytester.path / "out" / "realcode_test.scale_backward--returns_input.py"
    assert f"wrote out/{path.name} (" in result.stdout.str() and "; its ledger record:" in result.stdout.str()
    ef = expectfile.load(path)
    assert ef.meta["example"]["where"] == "my_ops.py:11"  # the user's backward formula made the call
    assert ef.meta["example"]["test"] == "test_backward.py::test_training_step"
    assert "register_autograd" in path.read_text()  # the op's definition is inlined: the repro needs only torch
    replayed = expectfile.replay(path, accept=False)  # a fresh interpreter
    assert replayed.status == "same", replayed.message


@pytest.mark.parametrize("workers", [pytest.param([], marks=pytest.mark.nightly), ["-n", "2"]])  # one process: nightly
def test_the_summary_says_once_when_the_compiled_path_was_unavailable(user, workers):
    user._monkeypatch.setenv("OPPROP_HOT_PATH", "0")
    result = _run(user, "--opprop", "--opprop-engine", "python", *workers)
    said = [line for line in result.outlines if "compiled hot path unavailable" in line]
    assert said == ["opprop: compiled hot path unavailable (OPPROP_HOT_PATH=0); the Python path did the same checks, slower"]
    assert any(line.startswith("NEW   opprop_test::return_input") for line in result.outlines)  # checked all the same
    user._monkeypatch.delenv("OPPROP_HOT_PATH")
    assert not [line for line in _run(user, "--opprop", "--opprop-engine", "python", *workers).outlines if "compiled hot path" in line]


def test_the_summary_says_once_when_the_native_engine_was_unavailable(user, tmp_path):
    """The default engine could not be built (a compiler that fails): the Python mode checks, and the run says so once."""
    user._monkeypatch.setenv("TORCH_EXTENSIONS_DIR", str(tmp_path / "no-builds"))
    user._monkeypatch.setenv("CXX", "false")
    result = _run(user, "--opprop", "-n", "2")
    said = [line for line in result.outlines if "native engine is not available" in line]
    assert len(said) == 1 and said[0].startswith("opprop: the native engine is not available: ")
    assert said[0].endswith("; the Python mode did the same checks, slower")
    assert any(line.startswith("NEW   opprop_test::return_input") for line in result.outlines)  # checked all the same
