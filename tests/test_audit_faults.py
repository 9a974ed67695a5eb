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
    with opprop.checking() as found:
        for _ in range(calls):
            a + b
        block_mode, = [m for modes in found._modes.values() for m in modes]
        log_length, reached = len(block_mode._reached_log), block_mode.reached
    assert log_length <= checkmode.REACHED_LOG_AT_MOST
    assert reached == {"aten::add.Tensor": calls}
