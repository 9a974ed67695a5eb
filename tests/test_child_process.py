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
