"""The native engine (dispatch_hook.cpp through native_engine.py) under the faults tests/test_hot_path_faults.py holds the
compiled hot path to: a build killed half way, Ctrl-C inside a checked op, the op's own exception, and an error of
opprop's own. Builds go to a cache of the test's own (TORCH_EXTENSIONS_DIR) in a child process.
"""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
import torch

import opprop
from opprop.check import dispatch_hook, native_engine

import custom_ops  # noqa: F401  (registers opprop_test::*)
from tests.support.build_faults import kill_a_first_build
from tests.support.runs import OPS

why_not = native_engine.available()
pytestmark = pytest.mark.skipif(why_not is not None, reason=f"native engine unavailable: {why_not}")

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# In a child: a native block that must find the planted violation.
NATIVE_CHECK = textwrap.dedent("""
    import torch, opprop
    import custom_ops
    with opprop.checking(engine="native") as found:
        torch.ops.opprop_test.return_input(torch.ones(3))
    assert any(f.invariant == "returns_input" for f in found.findings), found.findings
    print("native engine: found")
""")


def _environ(cache) -> dict:
    return dict(os.environ, TORCH_EXTENSIONS_DIR=str(cache),
                PYTHONPATH=os.pathsep.join(filter(None, [OPS, REPO, os.environ.get("PYTHONPATH")])))


@pytest.mark.nightly  # slow end to end; its parts are tested in CI (pytest -m nightly runs it)
def test_a_build_of_the_engine_killed_half_way_never_blocks_the_next(tmp_path):
    """Its source is built by extension_build as the hot path's is: a kill mid-compile and torch's stale `lock` beside it
    leave nothing the next process waits on; that one builds it whole and checks."""
    kill_a_first_build(tmp_path, "from opprop.check import dispatch_hook; dispatch_hook.load()", "dispatch_hook_states.h", _environ(tmp_path))
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", NATIVE_CHECK], env=_environ(tmp_path), capture_output=True, text=True,
                          timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "native engine: found" in done.stdout and time.monotonic() - start < 240
    assert len(list(tmp_path.glob("opprop_hot_path_*/*.so"))) == 1


LIB = torch.library.Library("opprop_native_faults", "DEF")
LIB.define("interrupted(Tensor x) -> Tensor")
LIB.define("signalled(Tensor x) -> Tensor")
LIB.define("raises(Tensor x) -> Tensor")


def _interrupted(x):
    raise KeyboardInterrupt


def _signalled(x):
    # Ctrl-C, raised in this thread: os.kill(getpid) may be taken by another thread (gloo's, once a collectives test
    # made the one-process group in this worker), and the loop below ended before the main thread saw the handler run
    signal.raise_signal(signal.SIGINT)  # Python's handler raises KeyboardInterrupt in this frame
    for _ in range(1000):
        pass
    return x.clone()


class Mine(ValueError):
    pass


def _raises(x):
    raise Mine("the kernel's own error, unchanged")


LIB.impl("interrupted", _interrupted, "CPU")
LIB.impl("signalled", _signalled, "CPU")
LIB.impl("raises", _raises, "CPU")


def _clean_tls() -> tuple:
    """What a block leaves behind in this thread: the dispatch TLS sets, the blocks open, the planted failure."""
    hook = dispatch_hook.load()
    prior = hook.plant_failure(0)
    hook.plant_failure(prior)
    return (str(torch._C._dispatch_tls_local_include_set()), str(torch._C._dispatch_tls_local_exclude_set()),
            hook.blocks_open(), prior)


@pytest.mark.parametrize("op", ["interrupted", "signalled"])
def test_ctrl_c_inside_a_checked_op_propagates_and_leaves_the_thread_clean(op):
    prior_handler = signal.signal(signal.SIGINT, signal.default_int_handler)  # Python's own, whatever came before
    try:
        before = _clean_tls()
        x = torch.ones(3)
        for _ in range(20):  # a storm of them: each one propagates, nothing accumulates
            with pytest.raises(KeyboardInterrupt):
                with opprop.checking(engine="native"):
                    torch.ops.opprop_test.hold_output(x)
                    getattr(torch.ops.opprop_native_faults, op)(x)
            assert _clean_tls() == before
        with opprop.checking(engine="native") as found:  # the next block checks as ever
            torch.ops.opprop_test.return_input(x)
        assert ("opprop_test::return_input", "returns_input") in {f.key for f in found.findings}
        assert found.internal_errors == []
    finally:
        signal.signal(signal.SIGINT, prior_handler)


def test_an_exception_inside_a_checked_op_is_the_users_unchanged():
    x = torch.ones(3)
    with pytest.raises(Mine, match="the kernel's own error, unchanged"):
        with opprop.checking(engine="native"):
            torch.ops.opprop_native_faults.raises(x)
    try:
        torch.ones(2) + torch.ones(3)
    except RuntimeError as e:
        plain = str(e)
    with pytest.raises(RuntimeError) as raised:
        with opprop.checking(engine="native") as found:
            torch.ones(2) + torch.ones(3)
    assert str(raised.value) == plain and found.internal_errors == []
    assert _clean_tls()[2] == 0


@pytest.mark.parametrize("where, stage", [(1, "declined"), (2, "after the call")])
def test_an_error_of_opprops_own_is_a_record_and_the_result_stands(where, stage):
    hook = dispatch_hook.load()
    x = torch.arange(3.0)
    prior = hook.plant_failure(where)
    try:
        with opprop.checking(engine="native") as found:
            y = x.add(1)
            z = y.mul_(2)
            torch.ops.opprop_test.return_input(x)
    finally:
        hook.plant_failure(prior)
    assert z is y and y.tolist() == [2.0, 4.0, 6.0]
    assert found.findings == []  # (return_input's violation went unchecked: its check failed)
    errors = [e for e in found.internal_errors if e.aten_op == "<native engine>"]
    assert any("planted" in e.error for e in errors) and stage in {e.stage for e in errors}
    assert any("3 call(s) with an error of opprop's own" in e.error for e in errors)


def test_a_block_runs_the_users_op_even_after_the_fallback_was_unregistered():
    """The benchmarks time plain code with the fallback removed; a block opened after that must not include the Fake
    key with nothing registered on it ("Could not run ... from the 'Fake' backend" was the user's op failing)."""
    hook = dispatch_hook.load()
    hook.uninstall_fallbacks()
    x = torch.ones(3)
    with opprop.checking(engine="native") as found:
        y = torch.ops.opprop_test.return_input(x)
        z = x + 1
    assert y is x and torch.equal(z, torch.full((3,), 2.0))
    assert ("opprop_test::return_input", "returns_input") in {(f.aten_op, f.invariant) for f in found.findings}


def test_the_fallback_is_not_unregistered_under_an_open_block():
    """Unregistered while a block is open, the fallback would leave the block's thread with the Fake key included and
    nothing there: the user's next op would fail. The engine refuses, and the block's calls run and are checked."""
    hook = dispatch_hook.load()
    x = torch.ones(3)
    with opprop.checking(engine="native") as found:
        try:
            hook.uninstall_fallbacks()
            refused = ""
        except RuntimeError as e:
            refused = str(e)
        y = torch.ops.opprop_test.return_input(x)  # (unregistered: "Could not run ... from the 'Fake' backend")
    assert "in use by 1 open checking block" in refused and y is x
    assert ("opprop_test::return_input", "returns_input") in {(f.aten_op, f.invariant) for f in found.findings}
    hook.uninstall_fallbacks()  # (no block open: allowed, and the next block registers it again)
    with opprop.checking(engine="native") as found:
        torch.ops.opprop_test.return_input(x)
    assert ("opprop_test::return_input", "returns_input") in {(f.aten_op, f.invariant) for f in found.findings}


def test_a_block_whose_fallback_cannot_be_registered_runs_the_users_code_and_says_so():
    """Another fallback on the Fake key (none of opprop's there): a block cannot register its own, so it leaves the key
    out (the other fallback never meets the user's calls), the code runs as plain, and one record says why."""
    hook = dispatch_hook.load()
    hook.uninstall_fallbacks()
    other = torch.library.Library("_", "IMPL", "Fake")
    other.fallback(torch.library.fallthrough_kernel)
    try:
        x = torch.ones(3)
        with opprop.checking(engine="native") as found:
            y = torch.ops.opprop_test.return_input(x)
            z = x + 1
        assert y is x and torch.equal(z, torch.full((3,), 2.0)) and found.findings == []
        assert any("fallback" in e.error and "not registered" in e.error for e in found.internal_errors), found.internal_errors
    finally:
        other._destroy()
    with opprop.checking(engine="native") as found:  # the other gone, the next block registers its own and checks
        torch.ops.opprop_test.return_input(x)
    assert ("opprop_test::return_input", "returns_input") in {(f.aten_op, f.invariant) for f in found.findings}
