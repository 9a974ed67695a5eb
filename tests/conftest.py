import os

import pytest

# No fix proofs after each check or fuzz run a test makes (its subprocesses inherit this): the tests of fixes turn
# them on (tests/test_fixes.py, tests/test_violation_report.py), and the rest only want their findings.
os.environ.setdefault("OPPROP_FIXES", "0")
# No shipped validity prior either: a test's draws in an empty directory are the generators' own, whatever a sweep last
# learned (tests/test_validity_prior.py turns it on where it tests it).
os.environ.setdefault("OPPROP_PRIOR", "0")
# No gdb for native frames (10-20 s a crash): crashes group by op and signal. The tests of frames turn it on
# (the ``gdb_frames`` fixture).
os.environ.setdefault("OPPROP_NATIVE_FRAME", "0")

from opprop.check import extension_build  # noqa: E402
from opprop.core import build_facts  # noqa: E402
from opprop.explore import profiles  # noqa: E402

# One cache of built modules and build facts for the whole run. pytester moves HOME to each test's folder, and a pytest it
# starts would otherwise compile the hot path and the engine again (about 17 s of the C++ compiler per test). The tests
# of building and of the cache set their own folder (tests/test_hot_path_faults.py, tests/test_build_facts.py).
os.environ.setdefault("TORCH_EXTENSIONS_DIR", str(extension_build.cache_root()))
os.environ.setdefault("OPPROP_CACHE_DIR", build_facts.directory())


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    """ci is the default profile (fuzz under HypoFuzz); Hypothesis's own pytest_configure, which runs after this one, loads
    ``--hypothesis-profile dev|nightly`` over it (``profiles.load`` keeps PyTorch's test utilities from
    loading theirs later)."""
    profiles.load(profiles.default_profile())


@pytest.fixture(autouse=True)
def _no_compiled_code_left():
    """A test that compiles leaves no compiled code to the next: a native block opened while Dynamo holds some is the
    Python mode's (check/compile_watch.py), and a test of the native engine would then test the Python one."""
    yield
    from opprop.check import compile_watch

    if compile_watch.compiled_code_alive():
        import torch._dynamo

        torch._dynamo.reset()


@pytest.fixture
def gdb_frames(monkeypatch):
    """gdb reads the native frame of a crash, in this process and the commands it starts (off in the rest of the suite)."""
    monkeypatch.setenv("OPPROP_NATIVE_FRAME", "1")


@pytest.fixture
def python_hot_path(monkeypatch):
    """The Python hot path alone (the reference functions): the compiled one set aside, every plan made again."""
    from opprop.check import hot_path as compiled_hot_path, plan

    compiled_hot_path.load()  # first: a build during the test would be undone with the monkeypatch (module None, _tried set)
    plan._forget_plans()
    monkeypatch.setattr(compiled_hot_path, "module", None)
    yield
    plan._forget_plans()


@pytest.fixture(params=["compiled", "python"])
def hot_path(request):
    """Each way the hot path runs: compiled (``opprop/check/hot_path.py``, which must build here) and Python alone."""
    from opprop.check import hot_path as compiled_hot_path

    if request.param == "python":
        request.getfixturevalue("python_hot_path")
    else:
        assert compiled_hot_path.load() is not None, f"the compiled hot path did not build: {compiled_hot_path.why_not}"
    return request.param


# Files of long tests that collection order puts last: run first, so that two workers end together instead of one
# finishing them alone (the last 2% of a CI run took 4 of its 28 minutes).
_FIRST = ("tests/test_wheel.py", "tests/test_violation_report.py", "tests/test_value_rules.py")


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: not item.nodeid.startswith(_FIRST))  # stable: the order within each part stays
