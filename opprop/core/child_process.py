"""Work in a child process: a forked child that runs one function, waited for with a deadline; a script in a fresh interpreter.

A segfault, an abort or a hang kills or stalls only the process it happens
in, so a listing row's draws, a shrink candidate, a crash candidate and a
fuzz worker each run in a child forked from this process (torch is already
imported: a fork costs milliseconds). This is the one fork-and-wait: the
child never returns into the caller's code, a child past its deadline is
killed, and its wait status is decoded here. Whether forking is safe at
all (no native threads beyond a fresh torch's) is ``opprop.fuzz.forked.can_fork``'s
call, made where a fresh interpreter is the alternative.

Torch-free, yet every forked child runs torch single-threaded when the parent
imported it (``_one_intra_op_thread``): the parent's OpenMP pool does not survive
fork, and a child's first parallel kernel then waits on threads that are not
there (a fix proof forked after an in-process one hung in ``quantize_per_tensor``
until its deadline, and the proof fell back to a weaker verdict).
"""
from __future__ import annotations

import dataclasses
import faulthandler
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

SCRIPT_TIMEOUT_S = 120
TIMED_OUT = 124  # a fresh interpreter's exit code when it ran past its timeout (as coreutils' timeout has it)


@dataclasses.dataclass(frozen=True)
class ChildExit:
    """How a forked child ended: its wait status (None: killed at the deadline) and the bytes its function returned."""

    status: int | None
    output: bytes = b""
    timeout: float | None = None  # the deadline it had, for ``how``

    @property
    def how(self) -> str:
        """How it ended, when not with exit code 0: ``timed out after 5 s``, ``died with SIGSEGV``, ``exited 1``; "" otherwise."""
        if self.timed_out:
            return f"timed out after {self.timeout:g} s"
        if self.signal is not None:
            return f"died with {self.signal_name}"
        return f"exited {self.code}" if self.code != 0 else ""

    @property
    def timed_out(self) -> bool:
        return self.status is None

    @property
    def signal(self) -> int | None:
        """The signal that killed it, or None."""
        return os.WTERMSIG(self.status) if self.status is not None and os.WIFSIGNALED(self.status) else None

    @property
    def signal_name(self) -> str:
        """``SIGSEGV``; ``signal 99`` for a number with no name; "" when no signal killed it."""
        return signal_name(self.signal) if self.signal is not None else ""

    @property
    def code(self) -> int | None:
        """Its exit code, or None when a signal killed it or it timed out."""
        return os.WEXITSTATUS(self.status) if self.status is not None and os.WIFEXITED(self.status) else None


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def start(child: Callable[[], int | None]) -> int:
    """Fork; the child runs ``child()`` and exits with what it returns (None: 0; 1 when it raises; SystemExit's code),
    never returning into the caller's code. The parent gets the child's pid."""
    sys.stdout.flush()  # what this process printed so far is not the child's to print again
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            _one_intra_op_thread()
            code = child() or 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
        except BaseException:  # noqa: BLE001: the child's function reports what it needs to; this only ends the child
            code = 1
        finally:
            os._exit(code)
    return pid


def _one_intra_op_thread() -> None:
    """In a forked child: torch's intra-op pool set to one thread, if the parent imported torch (never imported here)."""
    torch = sys.modules.get("torch")
    if torch is not None and hasattr(torch, "set_num_threads"):
        torch.set_num_threads(1)


def poll(pid: int) -> int | None:
    """The child's wait status if it has ended (reaped now), else None."""
    done, status = os.waitpid(pid, os.WNOHANG)
    return status if done else None


def wait(pid: int, timeout: float | None = None) -> int | None:
    """The child's wait status; None after killing it (SIGKILL) at ``timeout`` seconds."""
    if timeout is None:
        return os.waitpid(pid, 0)[1]
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        fd = None
    try:
        deadline = time.monotonic() + timeout
        while True:
            status = poll(pid)
            if status is not None:
                return status
            left = deadline - time.monotonic()
            if left <= 0:
                kill(pid)
                os.waitpid(pid, 0)
                return None
            if fd is not None:
                select.select([fd], [], [], left)
            else:
                time.sleep(min(0.005, left))
    finally:
        if fd is not None:
            os.close(fd)


def kill(pid: int) -> None:
    """SIGKILL the child, if it is still there to kill."""
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def returncode(status: int) -> int:
    """A wait status as ``subprocess.Popen`` has it: -N for signal N, else the exit code."""
    return os.waitstatus_to_exitcode(status)


def run(child: Callable[[], bytes | None], *, timeout: float | None = None) -> ChildExit:
    """``child()`` in a forked child: the bytes it returned (through a pipe, read while it runs) and how it ended.

    A child that raises exits with code 1 and returns nothing; one still running
    at ``timeout`` seconds is killed (``ChildExit.timed_out``). A crash is the
    child's answer, read from its wait status, so faulthandler dumps nothing.
    """
    read, write = os.pipe()

    def body() -> int:
        os.close(read)
        faulthandler.disable()
        data = child()
        if data:
            with os.fdopen(write, "wb") as fh:
                fh.write(data)
        return 0

    pid = start(body)
    os.close(write)
    deadline = None if timeout is None else time.monotonic() + timeout
    chunks = []
    try:
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and (left <= 0 or not select.select([read], [], [], left)[0]):
                break  # past the deadline: wait() below kills it
            chunk = os.read(read, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read)
    status = wait(pid, None if deadline is None else max(0.0, deadline - time.monotonic()))
    return ChildExit(status, b"".join(chunks), timeout)


def run_script(path, *, timeout: float = SCRIPT_TIMEOUT_S, extra_env: dict | None = None) -> subprocess.CompletedProcess:
    """A Python script run in a fresh interpreter, in its own folder; a timeout is exit code ``TIMED_OUT``."""
    env = {**os.environ, "PYTHONWARNINGS": "ignore", **(extra_env or {})}
    try:
        return subprocess.run(
            [sys.executable, str(Path(path).resolve())], capture_output=True, text=True, cwd=Path(path).resolve().parent, env=env, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess([str(path)], TIMED_OUT, "", f"timed out after {timeout:g} s")
