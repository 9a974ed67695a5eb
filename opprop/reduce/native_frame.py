"""The faulting native frame of a crash script, read by gdb: what tells two crashes of one op and signal apart."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile

_RUNTIME_LIBS = ("libc.", "libc-", "libm.", "ld-linux", "libstdc++", "libgcc", "libpthread", "libgomp")
# libc's own (e.g. __libc_message) and the interpreter's (its allocator notices heap damage a kernel did earlier)
_RUNTIME_FUNCTIONS = ("raise", "abort", "__", "pthread_kill", "malloc", "free", "_int_", "cfree", "??", "_Py", "Py")


def wanted() -> bool:
    """Whether gdb reads native frames: ``OPPROP_NATIVE_FRAME=0`` says not, as ``--no-native-frame`` does for one
    command, for every command of a job (a test suite's, a nightly tail short of time): crashes group by op and signal."""
    return os.environ.get("OPPROP_NATIVE_FRAME", "1") != "0"


def native_frame(script: str, *, timeout: float = 120.0) -> str:
    """The first non-runtime native frame (function and library) where ``script`` dies, read by gdb; "" without gdb.

    Python 3.11's faulthandler prints Python frames only, so the native
    frame comes from running the script once under ``gdb -batch``: about a
    second, cheap next to shrinking. libc, libstdc++ and the like are
    skipped, so an abort is charged to the torch frame that called it.
    """
    gdb = shutil.which("gdb") if wanted() else None
    if gdb is None:
        return ""
    with tempfile.NamedTemporaryFile("w", suffix=".py") as fh:
        fh.write(script)
        fh.flush()
        try:
            out = subprocess.run([gdb, "-q", "-nx", "-batch", "-ex", "run", "-ex", "bt 24", "--args", sys.executable, fh.name],
                                 capture_output=True, text=True, timeout=timeout, env=dict(os.environ, PYTHONWARNINGS="ignore"))
        except (subprocess.TimeoutExpired, OSError):
            return ""
    return first_native_frame(out.stdout)


def first_native_frame(backtrace: str) -> str:
    """``at::native::_pad_chunk (libtorch_cpu.so)`` from gdb's ``bt`` lines."""
    for line in backtrace.splitlines():
        m = re.match(r"#\d+\s+(?:0x[0-9a-f]+ in )?(.*?) \(.*\)(?: from (\S+)| at (\S+))?\s*$", line)
        if not m:
            continue
        function = _function_name(m.group(1))
        library = os.path.basename(m.group(2) or "")
        if not function or library.startswith(_RUNTIME_LIBS) or function.startswith(_RUNTIME_FUNCTIONS):
            continue
        return f"{function} ({library})" if library else function
    return ""


def _function_name(text: str) -> str:
    """``at::native::(anonymous namespace)::f<float>(at::Tensor&)`` -> ``at::native::{anonymous}::f``."""
    text = text.replace("(anonymous namespace)", "{anonymous}")
    out, depth = [], 0
    for c in text:
        if c == "<":
            depth += 1
        elif c == ">" and depth:
            depth -= 1
        elif depth == 0:
            if c == "(":
                break
            out.append(c)
    return "".join(out).strip().split(" ")[-1]  # a template's frame starts with its return type
