"""The one fork-and-wait (``opprop.core.child_process``): a forked child of a process whose OpenMP pool ran still runs
torch's parallel kernels, single-threaded, instead of waiting on threads that fork did not copy."""
import subprocess
import sys
import textwrap

# In a fresh interpreter, so the pytest process's own thread state (xdist, earlier tests) cannot hide the hang.
PARENT = textwrap.dedent("""
    import torch
    from opprop.core import child_process

    torch.set_num_threads(2)
    torch.quantize_per_tensor(torch.rand(1 << 22), 0.5, 1, torch.quint8)  # the parent's OpenMP pool now runs

    def child():
        x = torch.quantize_per_tensor(torch.rand(1 << 22), 0.5, 1, torch.quint8)  # a parallel kernel
        return f"{torch.get_num_threads()} {x.numel()}".encode()

    ended = child_process.run(child, timeout=30)
    print("timed out" if ended.timed_out else ended.output.decode())
""")


def test_a_forked_child_runs_parallel_kernels_after_the_parents_pool_ran():
    done = subprocess.run([sys.executable, "-c", PARENT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["1", str(1 << 22)], done.stdout  # one intra-op thread in the child, and it finished


def test_a_childs_crash_is_its_answer_said_once_and_never_dumped():
    """``run`` is the one place that says how a child ended (``how``), and its child never dumps a faulthandler traceback
    onto the user's terminal: the crash is the answer its caller reads (a shrink candidate, a fix proof, a search)."""
    import faulthandler
    import os
    import time

    from opprop.core import child_process

    assert faulthandler.is_enabled()  # as pytest, and many a user's own harness, leave it (on a stderr of its own)
    assert child_process.run(lambda: str(faulthandler.is_enabled()).encode()).output == b"False"
    assert child_process.run(os.abort).how == "died with SIGABRT"
    assert child_process.run(lambda: time.sleep(5), timeout=0.2).how == "timed out after 0.2 s"
    assert child_process.run(lambda: 1 / 0).how == "exited 1"
    done = child_process.run(lambda: b"answer")
    assert done.how == "" and done.output == b"answer"
