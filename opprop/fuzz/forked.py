"""Workers forked from the parent: torch, op_db and the user's modules are already imported.

A fresh interpreter spends seconds importing torch and op_db before its
first example, and a fuzz run starts a fresh worker after every crash or
hang. A fork starts one in milliseconds, and every worker shares the
parent's pages instead of holding its own copy of op_db.

Forking is safe only from a parent that has started no threads an op would
need: the parent runs no op, keeps torch at one intra-op thread (so
OpenMP never starts its pool), and never touches CUDA. Where that cannot be
promised (not Linux, a CUDA device, a process that already holds native
threads, such as a test process whose earlier tests ran ops on an OpenMP
pool: a child forked from it hangs in its first parallel region),
``can_fork`` says no and the pool starts fresh interpreters instead.
"""
from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import threading

import torch

from opprop.core import build_facts, child_process


def native_threads() -> int:
    """Threads of this process that Python did not start (OpenMP's pool, a library's workers); -1 where unknown."""
    try:
        return len(os.listdir("/proc/self/task")) - threading.active_count()
    except OSError:
        return -1


@functools.lru_cache(maxsize=1)
def torch_import_threads() -> int:
    """The native threads a fresh interpreter holds once torch is imported (no op needs them); -1 when unknown.

    Measured in a fresh interpreter, once per build and thread settings (``build_facts``): this process may have
    run ops before it asks (a test process, a user's script), so its own count at import time is no baseline.
    """
    threads_env = sorted(f"{k}={v}" for k, v in os.environ.items() if k.startswith(("OMP_", "MKL_", "KMP_", "GOMP_", "OPENBLAS_")))
    counted = build_facts.learned("torch_import_threads", _count_in_a_fresh_interpreter, *threads_env)
    return -1 if counted is None else counted


def _count_in_a_fresh_interpreter() -> int | None:
    code = "import os, threading, torch; print(len(os.listdir('/proc/self/task')) - threading.active_count())"
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
        return int(done.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def can_fork(device: str) -> bool:
    """Whether workers for ``device`` may be forked from this process: no native thread beyond a fresh torch's."""
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return False
    if device != "cpu" or torch.cuda.is_initialized():
        return False
    native, baseline = native_threads(), torch_import_threads()
    return 0 <= native <= baseline


def prepare_parent() -> None:
    """What a parent does once, before it imports op_db or forks: one intra-op thread, so no OpenMP pool exists."""
    torch.set_num_threads(1)


class ForkedProcess:
    """A forked worker (``child_process.start``) with the part of ``subprocess.Popen``'s interface the pool uses."""

    def __init__(self, argv: list[str], log_path: str, inherited_fds: list[int]):
        cmd_r, cmd_w = os.pipe()
        proto_r, proto_w = os.pipe()
        pid = child_process.start(lambda: _child(argv, log_path, [*inherited_fds, cmd_w, proto_r], cmd_r, proto_w))
        os.close(cmd_r)
        os.close(proto_w)
        self.pid = pid
        self.returncode: int | None = None
        self.stdin = os.fdopen(cmd_w, "w", buffering=1)
        self.stdout = os.fdopen(proto_r, "rb", buffering=0)

    def poll(self) -> int | None:
        if self.returncode is None:
            status = child_process.poll(self.pid)
            if status is not None:
                self.returncode = child_process.returncode(status)
        return self.returncode

    def wait(self) -> int:
        if self.returncode is None:
            self.returncode = child_process.returncode(child_process.wait(self.pid))
        return self.returncode

    def kill(self) -> None:
        if self.returncode is None:
            child_process.kill(self.pid)


def _child(argv: list[str], log_path: str, close: list[int], cmd_r: int, proto_w: int) -> int:
    """The worker's body in the forked child; its exit code (``child_process.start`` exits with it)."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        for fd in close:  # the parent's ends of every pipe: a dead worker's EOF must not wait on this one
            try:
                os.close(fd)
            except OSError:
                pass
        log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(log, 2)
        os.dup2(cmd_r, 0)
        os.dup2(proto_w, 1)
        for fd in (log, cmd_r, proto_w):
            os.close(fd)
        sys.stdin = open(0, "r", closefd=False)
        sys.stdout = open(1, "w", buffering=1, closefd=False)
        sys.stderr = open(2, "w", buffering=1, closefd=False)
        from opprop.fuzz.worker import main

        code = main(argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001: a flush that fails still ends the worker with its code
            pass
    return code
