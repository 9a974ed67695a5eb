"""The compiled hot path under the faults users meet: a killed build, a stale lock, no compiler, a
read-only or unwritable cache, plans forgotten while an op runs, a hand-off lost to an exception, a storm of Ctrl-C,
and entry points called with anything. Each runs where a crash cannot take the test run down (a child process) when
the fault may crash; the builds go to a cache of the test's own (TORCH_EXTENSIONS_DIR). Two environments sharing a
cache, each keeping its own build, is tests/test_wheel.py's: the wheel's environment builds beside this one's.
"""
import fcntl
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time

import pytest
import torch

from opprop.check import mode as checkmode, hot_path, extension_build

import custom_ops  # noqa: F401  (registers opprop_test::*)
from tests.support.build_faults import kill_a_first_build
from tests.support.runs import OPS


# In a child: a checking() block that must find the planted violation, then which hot path ran it.
CHECK_AND_SAY = textwrap.dedent("""
    import torch, opprop
    from opprop.check import hot_path
    import custom_ops
    with opprop.checking(engine="python") as found:
        torch.ops.opprop_test.return_input(torch.ones(3))
    assert any(f.invariant == "returns_input" for f in found.findings), found.findings
    print(hot_path.status())
""")


def _run(code: str, *argv: str, env: dict | None = None, python: str = sys.executable, timeout: float = 300):
    environ = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [OPS, os.environ.get("PYTHONPATH")])))
    environ.update(env or {})
    return subprocess.run([python, "-c", code, *argv], env=environ, capture_output=True, text=True, timeout=timeout)


def test_a_build_killed_half_way_and_a_stale_lock_never_block_the_next(tmp_path):
    """A cache whose first build was killed with SIGKILL half way, with torch's `lock` file left beside it: a second
    process's checking() builds, and loads the compiled path."""
    cache = tmp_path / "extensions"
    env = dict(os.environ, TORCH_EXTENSIONS_DIR=str(cache))
    kill_a_first_build(cache, "from opprop.check import hot_path; hot_path.load()", "hot_path.cpp", env)
    start = time.monotonic()
    done = _run(CHECK_AND_SAY, env={"TORCH_EXTENSIONS_DIR": str(cache)}, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "opprop: compiled hot path" in done.stdout and time.monotonic() - start < 180
    assert len(list(cache.glob("opprop_hot_path_*/*.so"))) == 1


@pytest.fixture
def built_cache(tmp_path):
    """A cache of the test's own that holds this environment's built module: a copy of the run's, no compiler run."""
    assert hot_path.load() is not None, hot_path.why_not
    name = extension_build.module_name({part.name: part.read_bytes() for part in hot_path.PARTS})
    cache = tmp_path / "extensions"
    shutil.copytree(extension_build.cache_root() / name, cache / name, ignore=shutil.ignore_patterns("build.lock"))
    return cache


def test_a_built_module_loads_with_no_compiler_and_writes_nothing(built_cache):
    cache = built_cache
    before = sorted((str(p), p.stat().st_mtime_ns) for p in cache.rglob("*"))
    done = _run(CHECK_AND_SAY, env={"TORCH_EXTENSIONS_DIR": str(cache), "CXX": "/nonexistent/c++", "PATH": "/nonexistent"})
    assert done.returncode == 0 and "opprop: compiled hot path" in done.stdout, done.stderr[-2000:]
    assert sorted((str(p), p.stat().st_mtime_ns) for p in cache.rglob("*")) == before


@pytest.mark.parametrize("fault, reason", [
    ({"CXX": "/nonexistent/c++"}, "no C++ compiler ('/nonexistent/c++' not found; set CXX)"),
    ({"TORCH_EXTENSIONS_DIR": "{file}/extensions"}, "cache not writable: {file}/extensions/opprop_hot_path_"),
    ({"OPPROP_HOT_PATH": "0"}, "OPPROP_HOT_PATH=0"),
])
def test_without_the_compiled_path_the_checks_run_and_one_line_says_why(fault, reason, tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    env = {"TORCH_EXTENSIONS_DIR": str(tmp_path / "empty"), **{k: v.format(file=a_file) for k, v in fault.items()}}
    done = _run(CHECK_AND_SAY, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"compiled hot path unavailable ({reason.format(file=a_file)}" in done.stdout
    said = _run("from opprop.cli.hot_path import say_hot_path; say_hot_path()", env=env, timeout=120)
    assert said.returncode == 0 and said.stdout == ""
    assert said.stderr.count("\n") == 1 and "compiled hot path unavailable" in said.stderr  # one line, on stderr


def test_a_live_build_is_waited_for_a_bounded_time(tmp_path, monkeypatch):
    monkeypatch.setenv("TORCH_EXTENSIONS_DIR", str(tmp_path))
    sources = {"hot_path.cpp": b"// a source no one builds\n"}
    directory = tmp_path / extension_build.module_name(sources)
    directory.mkdir()
    with open(directory / "build.lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # another process's build, still running
        start = time.monotonic()
        with pytest.raises(extension_build.Unavailable, match="another process has been building it for over 1 s"):
            extension_build.obtain(sources, "hot_path.cpp", wait_s=1.0)
        assert time.monotonic() - start < 5


def test_the_module_name_is_keyed_by_the_environment(monkeypatch):
    sources = {part.name: part.read_bytes() for part in hot_path.PARTS}
    here = extension_build.module_name(sources)
    monkeypatch.setattr(sys, "prefix", "/another/venv")
    assert extension_build.module_name(sources) != here
    monkeypatch.undo()
    assert extension_build.module_name({**sources, "hot_path.cpp": b"//"}) != here  # and by the source


# Plans forgotten while the op runs, as invariants.register()/unregister() forget them: from the op's own Python
# kernel (every other call, so the next one is planned again and then taken compiled) or from another thread; objects
# of the CheckPlan's size are made meanwhile, so a freed plan's memory is reused.
FORGET_PLANS = textwrap.dedent("""
    import gc, sys, threading
    import torch, opprop
    from opprop.check import plan as plan_mod

    LIB = torch.library.Library("opprop_fault", "DEF")
    LIB.define("forgets(Tensor x) -> Tensor")
    Fake = type("Fake", (), {"__slots__": plan_mod.CheckPlan.__slots__})
    junk, calls = [], [0]

    def forgets(x):
        calls[0] += 1
        if calls[0] % 2 == 0 or sys.argv[1] == "thread":
            if sys.argv[1] == "kernel":
                plan_mod._forget_plans()
                gc.collect()
            junk[:] = [Fake() for _ in range(200)]
        return x  # returns its input: the call is handed to the Python path after the op

    LIB.impl("forgets", forgets, "CPU")
    stop = threading.Event()

    def forget():
        while not stop.is_set():
            plan_mod._forget_plans()

    x = torch.ones(3)
    with opprop.checking(engine="python") as found:
        if sys.argv[1] == "thread":
            threading.Thread(target=forget, daemon=True).start()
        for _ in range(200):
            assert torch.ops.opprop_fault.forgets(x) is x
    stop.set()
    assert {f.invariant for f in found.findings} >= {"returns_input"}, found.findings
    print("ok")
""")


@pytest.mark.parametrize("where", ["kernel", "thread"])
def test_plans_forgotten_during_the_op_are_not_used_after_it(where):
    done = _run(FORGET_PLANS, where, timeout=240)
    assert done.returncode == 0 and done.stdout.strip() == "ok", (done.returncode, done.stderr[-2000:])


def test_a_hand_off_lost_to_an_exception_leaves_nothing_behind():
    """The hand-off is what the compiled call returns: lost (an exception between it and its reader), it leaves no
    state that a later call could pick up and return instead of running its own op."""
    assert hot_path.load() is not None, hot_path.why_not
    op = torch.ops.opprop_test.return_input.default
    mode = checkmode.InvariantMode("handed")
    mode._plan(op)
    x = torch.ones(3)
    lost = hot_path.module.dispatch(mode, op, (x,), None)  # run, not clean: handed on, then dropped as an exception would
    assert type(lost) is hot_path.HandedOn and lost[1] is x
    del lost
    with mode:
        full = torch.full((3,), 5.0)  # declined before it runs (not planned yet): the Python path takes it whole
        added = torch.ones(2) + 1
    assert torch.equal(full, torch.full((3,), 5.0)) and torch.equal(added, torch.full((2,), 2.0))


# Ctrl-C at any moment: every KeyboardInterrupt raised during checked calls reaches the user's code, as without
# opprop. The handler raises only while armed (inside the try), so each raise is either caught there or lost inside.
SIGINT_STORM = textwrap.dedent("""
    import signal, time, torch, opprop
    from opprop.check import hot_path
    assert hot_path.load() is not None or __import__("os").environ.get("OPPROP_HOT_PATH") == "0", hot_path.why_not
    x = torch.randn(8 * 1024 * 1024)  # 32 MiB: its digest is made by Python helpers, where the interrupts land
    raised = caught = calls = 0
    armed = False

    def interrupt(signum, frame):
        global raised, armed
        if armed:
            armed = False
            raised += 1
            raise KeyboardInterrupt

    signal.signal(signal.SIGALRM, interrupt)
    with opprop.checking(engine="python"):
        torch.add(x, 1)  # planned
        signal.setitimer(signal.ITIMER_REAL, 0.003, 0.003)
        end = time.monotonic() + 3
        while time.monotonic() < end:
            try:
                armed = True
                torch.add(x, 1)
                armed = False
                calls += 1
            except KeyboardInterrupt:
                caught += 1
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
    print(raised, caught, calls)
""")


@pytest.mark.parametrize("native_path", ["1", "0"])
def test_every_interrupt_reaches_the_user(native_path):
    done = _run(SIGINT_STORM, env={"OPPROP_HOT_PATH": native_path}, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    raised, caught, calls = map(int, done.stdout.split())
    assert raised >= 10
    assert caught == raised


# Every entry point of the compiled module, called with anything: exceptions are fine, an abort or a crash is not.
ENTRY_POINTS = textwrap.dedent("""
    import random, torch
    from opprop.check import mode as checkmode, hot_path

    module = hot_path.load()
    assert module is not None, hot_path.why_not
    mode = checkmode.InvariantMode("fuzz")
    add = torch.ops.aten.add.Tensor
    plan = mode._plan(add)[1]


    class NoClass:  # isinstance() on it raises: torch's THPVariable_Check turns that into a C++ exception
        @property
        def __class__(self):
            raise RuntimeError("no class")


    t = torch.ones(2)
    pool = [None, 0, -1, 2 ** 70, "s", b"b", 1.5, (), [], {}, (0,), [0], [-1], [[0, 1]], [[0]], {0: [0]}, {-1: [0]},
            {"x": 1}, frozenset({0}), object(), NoClass(), [NoClass()], (NoClass(),), (t, NoClass()), (t, [NoClass()]),
            (t, t), (t, 1), [(0, t)], [(0, t), (1, "x")], [("a", t)], [(0,)], [(0, NoClass())], [(0, t.to_sparse())],
            t, t.t(), plan.compiled, mode, add, {"other": NoClass()}, {"other": t}, [None], [[None]], (None, None)]
    rng = random.Random(0)
    names = ["take_states", "clean", "dispatch", "inputs_of", "make_plan"]
    for _ in range(30000):
        name = rng.choice(names)
        args = [rng.choice(pool) for _ in range(rng.choice([0, 1, 2, 3, 4, 5, 5, 14, rng.randint(0, 16)]))]
        if name in ("dispatch", "inputs_of") and len(args) >= 2 and rng.random() < 0.7:  # reach the walk
            args[:3] = ([mode, add] if name == "dispatch" else [plan.compiled]) + [rng.choice([(t, NoClass()), (t, [NoClass()]), (t, t)])]
        try:
            getattr(module, name)(*args)
        except Exception:
            pass
    for bad in [(), (1,), ("x", len, len, len, 1, len), (1, 1, 1, 1, 1, 1), (1, len, len, len, 1, len, int, 1)]:
        try:
            module.configure(*bad)
        except Exception:
            pass
    print("ok")
""")


def test_entry_points_called_with_anything_never_abort():
    done = _run(ENTRY_POINTS, timeout=240)
    assert done.returncode == 0 and done.stdout.strip() == "ok", (done.returncode, done.stderr[-2000:])


def test_one_mode_shared_by_two_threads_runs_each_op_once():
    """Nothing of one call is kept on the mode for the next: one thread's calls are handed on after their op, the
    other's declined before theirs, in one mode, switching threads as often as the interpreter allows."""
    assert hot_path.load() is not None, hot_path.why_not
    interval = sys.getswitchinterval()
    mode = checkmode.InvariantMode("shared")
    counter, sparse = torch.zeros(()), torch.ones(3).to_sparse()
    errors, wrong = [], []

    def handed():
        with mode:
            for _ in range(1000):
                torch.ops.opprop_test.mutate_input(counter)  # writes its input undeclared: handed on every call

    def declined():
        with mode:
            for _ in range(1000):
                if torch.mul(sparse, 2.0).layout != torch.sparse_coo:  # a sparse input: the Python path takes it whole
                    wrong.append(1)

    def guarded(body):
        try:
            body()
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=guarded, args=(body,)) for body in (handed, declined)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == [] and wrong == [] and counter.item() == 1000.0
    assert {f.invariant for f in mode.findings} >= {"undeclared_mutation"}
