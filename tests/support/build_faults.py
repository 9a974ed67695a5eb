"""A compiled module's first build killed half way, as a user's Ctrl-C or OOM kill leaves it: the fault both compiled
parts (the hot path, the native engine) are tested under."""
import os
import signal
import subprocess
import sys
import time


def kill_a_first_build(cache, load: str, source: str, env: dict) -> None:
    """Start ``load`` (Python source that builds a module into ``cache``), wait until ``source`` is being compiled in a
    private build directory, kill the builder and its compiler with SIGKILL (its process group, as a terminal's Ctrl-C
    reaches a job: a compiler left running would only spend the next build's CPU), and leave torch's own ``lock`` file
    beside each module, as torch's builder leaves it when killed."""
    first = subprocess.Popen([sys.executable, "-c", load], env=env, start_new_session=True)
    deadline = time.monotonic() + 120
    while not list(cache.glob(f"*/build-*/{source}")) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert list(cache.glob(f"*/build-*/{source}")), "the build never started"
    time.sleep(2)  # the compiler is running
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    for directory in cache.glob("opprop_hot_path_*"):
        (directory / "lock").touch()  # what torch's own builder leaves when it is killed
