"""An expect file's script run as in a fresh interpreter, forked from one that has only imported torch.

Importing torch is most of a fresh interpreter's time on an expect file (about 1.5 s of CPU of 1.7), and a replay
of every file paid it 191 times. A zygote is a fresh interpreter that imports torch once, runs no op and forks a
child per script: the child has what ``python file.py`` has once its ``import torch`` line ran (torch's own default
threads: no pool was started before the fork, so none is copied half-made), in the script's folder, with the
script as ``__main__``. A crash, an exit or a hang ends only that child.

Crash repros keep fresh interpreters (``child_process.run_script``): heap damage that a fork hides is what some of
them show. A zygote that cannot start or dies answers with a fresh interpreter instead, never with a wrong record.
"""
from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
import threading

from opprop.core.child_process import SCRIPT_TIMEOUT_S, TIMED_OUT, run_script

# The zygote's own program: stdlib and torch only, so a child sees nothing of opprop. One JSON request per line
# ({"path", "timeout"}), one JSON answer per line ({"returncode", "stdout", "stderr"}).
_ZYGOTE = r"""
import json, os, runpy, select, signal, sys, tempfile, time, traceback
import torch

requests, answers = sys.stdin, os.fdopen(os.dup(1), "w")
os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # a child's stray write before its redirect lands nowhere, not in an answer

def child(path, out, err):
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0); os.dup2(out, 1); os.dup2(err, 2)
    folder = os.path.dirname(path)
    os.chdir(folder)
    sys.argv, sys.path[0] = [path], folder
    code = 0
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else (print(e.code, file=sys.stderr) or 1))
    except BaseException:
        traceback.print_exc()
        code = 1
    sys.stdout.flush(); sys.stderr.flush()
    os._exit(code)

for line in requests:
    ask = json.loads(line)
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    pid = os.fork()
    if pid == 0:
        child(ask["path"], out.fileno(), err.fileno())
    deadline = time.monotonic() + ask["timeout"]
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL); os.waitpid(pid, 0)
            code = None
            break
        time.sleep(0.002)
    texts = []
    for fh in (out, err):
        fh.seek(0)
        texts.append(fh.read().decode("utf-8", "replace"))
        fh.close()
    answers.write(json.dumps({"returncode": code, "stdout": texts[0], "stderr": texts[1]}) + "\n")
    answers.flush()
"""


class Zygote:
    """One zygote process; one script at a time (a lock), started on first use, ended with this process."""

    def __init__(self):
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def run(self, path, timeout: float = SCRIPT_TIMEOUT_S) -> subprocess.CompletedProcess:
        path = os.path.realpath(path)
        with self._lock:
            try:
                if self._proc is None or self._proc.poll() is not None:
                    self._proc = subprocess.Popen([sys.executable, "-c", _ZYGOTE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                                  env={**os.environ, "PYTHONWARNINGS": "ignore"}, text=True)
                self._proc.stdin.write(json.dumps({"path": path, "timeout": timeout}) + "\n")
                self._proc.stdin.flush()
                answer = json.loads(self._proc.stdout.readline())
            except (OSError, ValueError):
                self.close()  # the zygote is gone (killed, or it never started): a fresh interpreter answers instead
                return run_script(path, timeout=timeout)
        if answer["returncode"] is None:
            return subprocess.CompletedProcess([path], TIMED_OUT, answer["stdout"], f"timed out after {timeout:g} s")
        return subprocess.CompletedProcess([path], answer["returncode"], answer["stdout"], answer["stderr"])

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.kill()
            proc.wait()


_EACH_THREAD = threading.local()  # opprop replay -j N: each of its threads keeps its own zygote busy
_ALL: list[Zygote] = []


def run_script_forked(path, timeout: float = SCRIPT_TIMEOUT_S) -> subprocess.CompletedProcess:
    """``child_process.run_script``'s answer for a script that needs only a fresh interpreter's state, in milliseconds."""
    zygote = getattr(_EACH_THREAD, "zygote", None)
    if zygote is None:
        zygote = _EACH_THREAD.zygote = Zygote()
        _ALL.append(zygote)
    return zygote.run(path, timeout)


@atexit.register
def _close_all() -> None:
    for zygote in _ALL:
        zygote.close()
