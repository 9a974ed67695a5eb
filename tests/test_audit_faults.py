"""The native engine audit's faults of the compiled parts (issue #52; the repros: /work/shared/audits/native_engine/),
one test per fault, each from its repro's essence. A fault that can crash or leave the thread checked runs in a child.
"""
import os
import subprocess
import sys
import textwrap

import pytest
import torch

import opprop
from opprop.check import dispatch_hook, extension_build, hot_path, native_engine
from opprop.check import mode as checkmode

import custom_ops  # noqa: F401  (registers opprop_test::*)
from tests.support.runs import OPS

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
native = pytest.mark.skipif(native_engine.available() is not None, reason=f"native engine unavailable: {native_engine.available()}")


def _child(code: str, *argv: str, env: dict | None = None, timeout: float = 240, say_left=False) -> subprocess.CompletedProcess:
    """``code`` run in a child with the test ops importable; ``say_left``: it prints LEFT_CHECKED's line last."""
    code = textwrap.dedent(code) + (LEFT_CHECKED if say_left else "")
    environ = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [OPS, REPO, os.environ.get("PYTHONPATH")])))
    environ.update(env or {})
    return subprocess.run([sys.executable, "-c", code, *argv], env=environ, capture_output=True, text=True,
                          timeout=timeout)


# What a child prints last: whether its thread is left checked (the Fake key, dispatch modes, native blocks open).
LEFT_CHECKED = """
from opprop.check import dispatch_hook as _hook
print("left:", "Fake" in str(torch._C._dispatch_tls_local_include_set()), torch._C._len_torch_dispatch_stack(),
      _hook.module.blocks_open() if _hook.module else 0)
"""
CLEAN = "left: False 0 0"
RETURNS_INPUT = "['returns_input', 'tensorimpl_use_count']"  # what returning the input itself breaks


def test_audit_d09_a_truncated_cached_module_is_built_again_never_imported(tmp_path):
    """d09: a cached module cut short (a copy, a disk) killed every later process with SIGBUS at import. Here the cache
    holds the hot path's module truncated, with and without its build's record; the compiler fails (CXX=/bin/false), so
    the module can only be had by importing the damaged file: the child must say the build failed, and live."""
    assert hot_path.load() is not None, hot_path.why_not
    sources = {part.name: part.read_bytes() for part in hot_path.PARTS}
    name = extension_build.module_name(sources)
    whole = extension_build.built_path(extension_build.cache_root(), name)
    for with_record in (True, False):
        cache = tmp_path / f"record_{with_record}"
        damaged = extension_build.built_path(cache, name)
        damaged.parent.mkdir(parents=True)
        damaged.write_bytes(whole.read_bytes()[:100_000])
        if with_record:  # the record of the whole file: its size and hash no longer match
            extension_build.record_path(damaged).write_text(extension_build._fingerprint(whole))
        done = _child("from opprop.check import hot_path; print(hot_path.status())",
                      env={"TORCH_EXTENSIONS_DIR": str(cache), "CXX": "/bin/false"})
        assert done.returncode == 0, (done.returncode, done.stderr[-1500:])
        assert "unavailable (the build failed" in done.stdout, done.stdout
    assert extension_build.is_whole(whole)  # (the whole module, by its record or its ELF header)


def test_audit_d12_a_failing_compiler_is_named_by_its_own_error(tmp_path):
    """d12: the reason was a line of the builder's traceback ("raise CalledProcessError(retcode, ...")."""
    done = _child("from opprop.check import hot_path; print(hot_path.status())",
                  env={"TORCH_EXTENSIONS_DIR": str(tmp_path), "CXX": "/bin/false"})
    reason = done.stdout.strip()
    assert "the build failed: subprocess.CalledProcessError: Command '['/bin/false'" in reason, reason
    compiler_output = ("[1/2] c++ -MMD -MF hot_path.o.d -c hot_path.cpp -o hot_path.o\nFAILED: hot_path.o\n"
                       "hot_path.cpp: In function 'int f()':\nhot_path.cpp:3:1: error: expected ';' before '}' token\n"
                       "Traceback (most recent call last):\n    raise RuntimeError(message) from e\n"
                       "RuntimeError: Error building extension 'x'\n")
    assert extension_build._first_error(compiler_output) == "hot_path.cpp:3:1: error: expected ';' before '}' token"


@pytest.mark.parametrize("hot_path", ["compiled", "python"], indirect=True)
def test_audit_d13_the_reached_log_stays_bounded_in_a_long_block(hot_path):
    """d13: InvariantMode._reached_log kept one entry per call for the block's life (a training run: without bound);
    folded into counts, it stays short and ``reached`` counts every call."""
    a, b = torch.randn(2, 2), torch.randn(2, 2)
    calls = 3 * checkmode.REACHED_LOG_AT_MOST
    with opprop.checking(engine="python") as found:
        for _ in range(calls):
            a + b
        block_mode, = [m for modes in found._modes.values() for m in modes]
        log_length, reached = len(block_mode._reached_log), block_mode.reached
    assert log_length <= checkmode.REACHED_LOG_AT_MOST
    assert reached == {"aten::add.Tensor": calls}


@pytest.mark.parametrize("engine", ["python", pytest.param("native", marks=native)])
def test_audit_d14_ctrl_c_inside_enter_leaves_the_thread_unchecked(engine):
    """d14: a KeyboardInterrupt inside checking.__enter__, after the mode was entered: `with` never calls __exit__, and
    the thread stayed checked for good (a mode on the stack; the Fake key included, a ledger open)."""
    done = _child("""
        import inspect, sys, torch, opprop, opprop.checking_context as cc
        import custom_ops
        lines, first = inspect.getsourcelines(cc.checking.__enter__)
        LINE = first + next(i for i, line in enumerate(lines) if "_watch(self, True)" in line)
        def local(frame, event, arg):
            if event == "line" and frame.f_lineno == LINE:
                sys.settrace(None)
                raise KeyboardInterrupt
            return local
        sys.settrace(lambda f, e, a: local if f.f_code is cc.checking.__enter__.__code__ else None)
        try:
            with opprop.checking(engine=sys.argv[1]):
                pass
        except KeyboardInterrupt:
            print("interrupted")
        sys.settrace(None)
        with opprop.checking(engine=sys.argv[1]) as found:  # the next block checks as ever
            torch.ops.opprop_test.return_input(torch.ones(3))
        print("found:", sorted({f.invariant for f in found.findings}))
    """, engine, say_left=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == ["interrupted", "found: ['returns_input', 'tensorimpl_use_count']", CLEAN], done.stdout


@pytest.mark.parametrize("engine", ["python", pytest.param("native", marks=native)])
@pytest.mark.parametrize("suspended_by", ["generators", "asyncio"])
def test_audit_d02_blocks_ending_out_of_order(suspended_by, engine):
    """d02: two blocks in one thread that end in the order they began (generators, asyncio tasks holding a block across
    a suspension): the second native exit raised ValueError('not an open block'), and the Fake key stayed included.
    Each block sees the calls made while it is open, as nested modes do (the outer one ending first included)."""
    done = _child("""
        import asyncio, sys, torch, opprop
        import custom_ops
        x = torch.ones(3)
        found = {}
        if sys.argv[1] == "generators":
            def block(name):
                with opprop.checking(engine=sys.argv[2]) as found[name]:
                    yield
                    torch.ops.opprop_test.return_input(x)
                    yield
            a, b = block("a"), block("b")
            next(a); next(b)
            next(a); a.close()  # a ends first
            next(b); b.close()
        else:
            async def block(name, started, go):
                with opprop.checking(engine=sys.argv[2]) as found[name]:
                    started.set()
                    await go.wait()
                    torch.ops.opprop_test.return_input(x)
            async def main():
                a_in, b_in, a_go, b_go = (asyncio.Event() for _ in range(4))
                a = asyncio.create_task(block("a", a_in, a_go))
                await a_in.wait()
                b = asyncio.create_task(block("b", b_in, b_go))
                await b_in.wait()
                a_go.set(); await a  # a ends first
                b_go.set(); await b
            asyncio.run(main())
        for name in "ab":
            print(name, sorted({f.invariant for f in found[name].findings}))
    """, suspended_by, engine, say_left=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == ["a " + RETURNS_INPUT, "b " + RETURNS_INPUT, CLEAN], done.stdout


@pytest.mark.parametrize("engine, compiled", [("python", "1"), ("python", "0"), pytest.param("native", "1", marks=native)])
def test_audit_d08_a_view_over_a_freed_storage_runs_as_plain(engine, compiled):
    """d08: a view whose storage was freed (storage.resize_(0), as FSDP does between uses) passed to ops that never read
    its data: the snapshot read its span through a dangling pointer (segfault, every engine)."""
    done = _child("""
        import sys, torch, opprop
        flat = torch.randn(1000)
        v = flat[200:300]
        flat.untyped_storage().resize_(0)
        with opprop.checking(engine=sys.argv[1]) as found:
            a = v.view(10, 10); b = v.detach(); c = torch.ops.aten.alias(v)
        print(tuple(a.shape), tuple(b.shape), tuple(c.shape), sorted({f.key for f in found.findings}))
    """, engine, env={"OPPROP_HOT_PATH": compiled})
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.strip() == "(10, 10) (100,) (100,) []"


@native
def test_audit_d01_an_op_registered_where_a_destroyed_one_was_gets_its_own_plan():
    """d01: plans were cached by the address of an OperatorName: a Library destroyed and a new op registered there was
    checked with the dead op's plan (its name and arguments: wrong findings; a declined call popped its argument count
    off a shorter stack: segfault)."""
    done = _child("""
        import gc, torch, opprop
        x = torch.ones(3)
        def one(i, schema, fn, *args, sparse=False):
            lib = torch.library.Library(f"stale{i}", "DEF")
            lib.define(schema)
            lib.impl("f", fn, "CPU")
            if sparse:
                lib.impl("f", fn, "SparseCPU")
            with opprop.checking(engine="native") as found:
                getattr(torch.ops, f"stale{i}").f(*args)
            print(sorted({(f.aten_op, f.invariant, f.output_index) for f in found.findings}))
            lib._destroy(); del lib; gc.collect()
        one(0, "f(Tensor a) -> Tensor", lambda a: a, x)
        one(1, "f(Tensor a) -> Tensor", lambda a: a, x)
        one(2, "f(Tensor a, Tensor b, Tensor c, Tensor d) -> Tensor", lambda a, b, c, d: a, x, x, x, x)
        one(3, "f(Tensor a) -> (Tensor, Tensor)", lambda a: (a.clone(), a), x)
        one(4, "f(" + ", ".join(f"Tensor a{k}" for k in range(12)) + ") -> Tensor", lambda *a: a[0].clone(), *[x] * 12)
        one(5, "f(Tensor a) -> Tensor", lambda a: a.clone(), x.to_sparse(), sparse=True)
    """)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.splitlines() == [
        *(f"[('stale{i}::f', 'returns_input', {j}), ('stale{i}::f', 'tensorimpl_use_count', {j})]" for i, j in ((0, 0), (1, 0), (2, 0), (3, 1))),
        "[]", "[]"], done.stdout


@native
def test_audit_d03_ctrl_c_landing_in_the_users_line_lookup_is_raised():
    """d03: a KeyboardInterrupt raised while the engine asked for the user's line of a new finding (Ledger::add ->
    site(): a Ctrl-C pending when the op's GIL-free run ended) was swallowed: the interrupt was lost."""
    def interrupted_site():
        raise KeyboardInterrupt

    x = torch.ones(3)
    with pytest.raises(KeyboardInterrupt):
        with native_engine.NativeChecks(site=interrupted_site):
            torch.ops.opprop_test.return_input(x)
    assert dispatch_hook.load().blocks_open() == 0
    assert "Fake" not in str(torch._C._dispatch_tls_local_include_set())


@pytest.mark.parametrize("engine", ["python", pytest.param("native", marks=native)])
def test_audit_d04_composite_ops_returning_self_by_contract_are_no_finding(engine):
    """d04: `to` and `flatten` (CompositeImplicitAutograd, `-> Tensor(a)`) met whole below autograd return self by
    contract: the Python invariant exempts them (returns_input.may_return), the native check_outputs did not."""
    x = torch.randn(3)
    with opprop.checking(engine=engine) as found:
        with torch._C._AutoDispatchBelowAutograd():  # as a higher-order op's or a compiled graph's runtime runs ops
            x.to(torch.float32)
            x.flatten()
        with torch.inference_mode():
            i = torch.randn(3)
            i.to(torch.float32)
            i.flatten()
        torch.ops.opprop_test.return_input(x)  # an op that may not return its input still does
    found_keys = {(f.aten_op, f.invariant) for f in found.findings}
    assert {op for op, _ in found_keys} == {"opprop_test::return_input"} and ("opprop_test::return_input", "returns_input") in found_keys


@native
@pytest.mark.skipif(not torch.backends.mkldnn.is_available(), reason="no mkldnn")
def test_audit_d16_an_mkldnn_tensor_is_named_so():
    """d16a: an mkldnn tensor was declined (and handed to the Python checks) as a 'sparse tensor'."""
    a = torch.randn(4, 4).to_mkldnn()
    with native_engine.NativeChecks() as block:
        a + a
    assert {why for _, why in block.taken_over} == {"mkldnn tensor"}, block.taken_over


@pytest.mark.parametrize("engine", ["python", pytest.param("native", marks=native)])
def test_audit_d05_a_higher_order_op_made_inside_a_block_runs(engine):
    """d05: a HigherOrderOperator created while a native block was open had not been made to fall through the Fake key:
    its call raised NotImplementedError ('... DispatchKey.???')."""
    from torch._C import DispatchKey
    from torch._ops import HigherOrderOperator

    class AuditHop(HigherOrderOperator):
        def __init__(self):
            super().__init__(f"audit_d05_hop_{engine}")

        def __call__(self, fn, x):
            return super().__call__(fn, x)

    x = torch.randn(3)
    with opprop.checking(engine=engine):
        hop = AuditHop()
        hop.py_impl(DispatchKey.CompositeExplicitAutograd)(lambda fn, x: fn(x))
        hop.fallthrough(DispatchKey.AutogradCPU)
        out = hop(torch.sin, x)
    assert torch.equal(out, torch.sin(x))


@native
def test_audit_d10_another_fallback_on_the_generic_key_takes_nothing_from_native_blocks():
    """d10: a fallback of another library's on TESTING_ONLY_GenericMode (a key blocks never use) made every native block
    check nothing, while available() said yes."""
    done = _child("""
        import torch
        lib = torch.library.Library("_", "IMPL")
        lib.fallback(lambda *a, **k: None, "TESTING_ONLY_GenericMode")
        import opprop
        from opprop.check import native_engine
        print("available:", native_engine.available())
        with opprop.checking(engine="native") as found:
            torch.ops.aten.lift_fresh(torch.ones(3))
        print(sorted({f.invariant for f in found.findings}), found.internal_errors)
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == ["available: None", "['returns_input', 'tensorimpl_use_count'] []"], done.stdout


@native
def test_audit_d16_a_finding_on_a_thread_torch_started_names_no_line_of_the_block():
    """d16b: a finding made on torch's own thread (torch.jit.fork's inter-op pool: the orphan ledger) was given the
    line of the block's `with` (asked when the block took the orphans), which made no call: it has no line."""
    lib = torch.library.Library("audit_d16", "DEF")
    lib.define("ret(Tensor x) -> Tensor")
    lib.impl("ret", lambda x: x, "CPU")

    @torch.jit.script
    def task(x):
        return torch.ops.audit_d16.ret(x) * 2

    @torch.jit.script
    def forked(x):
        return torch.jit.wait(torch.jit.fork(task, x))

    try:
        with opprop.checking(engine="native") as found:
            forked(torch.ones(3))
    finally:
        lib._destroy()
    assert {(f.invariant, f.where) for f in found.findings} == {("returns_input", ""), ("tensorimpl_use_count", "")}


@native
def test_audit_d11_kept_snapshot_buffers_are_capped_per_process():
    """d11: the native engine's kept snapshot buffers were capped per thread (snapshots.KEPT_BYTES each): T threads kept
    T times the cap. Two threads, each alive and each having kept a 160 MiB span, hold at most the one cap."""
    import threading

    from opprop.check import snapshots

    hook = dispatch_hook.load()
    strided = torch.zeros(160 << 20, dtype=torch.uint8).view(-1, 1024)[:, :1000]  # non-contiguous: copied, never digested
    kept, done = threading.Barrier(3, timeout=120), threading.Event()  # (a thread that fails breaks it: no hang)

    def check():
        try:
            with opprop.checking(engine="native"):
                strided.sum()
        finally:
            kept.wait()
        done.wait(120)

    threads = [threading.Thread(target=check) for _ in range(2)]
    for thread in threads:
        thread.start()
    kept.wait()
    held = hook.kept_bytes()
    done.set()
    for thread in threads:
        thread.join()
    assert 0 < held <= snapshots.KEPT_BYTES
